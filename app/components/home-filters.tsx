import { Form, Link } from "react-router";

import type { HomeFilters as HomeFilterValues } from "~/lib/home-filters";

import { Button } from "./ui/button";
import { Input } from "./ui/input";

export interface FilterDefinition {
  id: string;
  name: string;
  type: string;
  field: string;
}

const RATING_CHOICES = [4.5, 4, 3];

/**
 * The admin's persisted filters as a GET form: the values live in the URL, so a filtered
 * page can be shared and works without JavaScript.
 */
export function HomeFilters({
  filters,
  values,
  options,
  category,
  clearHref,
}: {
  filters: FilterDefinition[];
  values: HomeFilterValues;
  options: { sizes: string[]; vendors: string[] };
  category: string | null;
  clearHref: string;
}) {
  if (filters.length === 0) return null;
  return (
    <Form
      method="get"
      preventScrollReset
      className="flex flex-col gap-4 rounded-xl border bg-card p-4"
      aria-label="Filters"
    >
      {category ? <input type="hidden" name="category" value={category} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {filters.map((filter) => (
          <fieldset key={filter.id} className="flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{filter.name}</legend>
            <FilterField filter={filter} values={values} options={options} />
          </fieldset>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button asChild size="sm" variant="ghost">
          <Link to={clearHref} preventScrollReset>
            Reset
          </Link>
        </Button>
      </div>
    </Form>
  );
}

function CheckboxList({
  name,
  choices,
  selected,
}: {
  name: string;
  choices: string[];
  selected: string[];
}) {
  return (
    <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1.5 overflow-y-auto">
      {choices.map((choice) => (
        <label key={choice} className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={name}
            value={choice}
            defaultChecked={selected.includes(choice)}
            className="size-4 accent-[var(--primary)]"
          />
          {choice}
        </label>
      ))}
    </div>
  );
}

function FilterField({
  filter,
  values,
  options,
}: {
  filter: FilterDefinition;
  values: HomeFilterValues;
  options: { sizes: string[]; vendors: string[] };
}) {
  switch (filter.field) {
    case "size":
      return <CheckboxList name="size" choices={options.sizes} selected={values.sizes} />;
    case "vendor":
      return <CheckboxList name="vendor" choices={options.vendors} selected={values.vendors} />;
    case "price":
      return (
        <div className="flex items-center gap-2">
          <Input
            type="number"
            name="minPrice"
            min={0}
            step="0.01"
            inputMode="decimal"
            placeholder="Min"
            aria-label="Minimum price"
            defaultValue={values.minPrice ?? ""}
            className="h-8 tabular-nums"
          />
          <span aria-hidden>–</span>
          <Input
            type="number"
            name="maxPrice"
            min={0}
            step="0.01"
            inputMode="decimal"
            placeholder="Max"
            aria-label="Maximum price"
            defaultValue={values.maxPrice ?? ""}
            className="h-8 tabular-nums"
          />
        </div>
      );
    case "rating":
      return (
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="radio" name="rating" value="" defaultChecked={values.minRating === null} />
            Any
          </label>
          {RATING_CHOICES.map((rating) => (
            <label key={rating} className="inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="rating"
                value={rating}
                defaultChecked={values.minRating === rating}
              />
              {rating}★ &amp; up
            </label>
          ))}
        </div>
      );
    default:
      return null;
  }
}
