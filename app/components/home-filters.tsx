import { Form, Link, useSubmit } from "react-router";

import {
  HOME_SORT_LABELS,
  HOME_SORTS,
  type HomeFilters as HomeFilterValues,
  type HomeSort,
} from "~/lib/home-filters";

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
  sort,
  clearHref,
}: {
  filters: FilterDefinition[];
  values: HomeFilterValues;
  options: { sizes: string[]; vendors: string[] };
  category: string | null;
  sort: HomeSort;
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
      {sort !== "name" ? <input type="hidden" name="sort" value={sort} /> : null}
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

/**
 * The grid's order as a GET form: the other parameters ride along as hidden fields, the page
 * restarts at 1, and choosing an order submits at once (a button does it without JavaScript).
 */
export function HomeSortControl({ sort, search }: { sort: HomeSort; search: string }) {
  const submit = useSubmit();
  const kept = [...new URLSearchParams(search)].filter(
    ([name]) => name !== "sort" && name !== "page",
  );
  return (
    <Form
      method="get"
      preventScrollReset
      className="flex items-center gap-2"
      aria-label="Sort peptides"
    >
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label className="flex items-center gap-2 text-sm font-medium">
        Sort by
        <select
          name="sort"
          defaultValue={sort}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
          className="h-9 rounded-md border bg-background px-2 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {HOME_SORTS.map((value) => (
            <option key={value} value={value}>
              {HOME_SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          Sort
        </Button>
      </noscript>
    </Form>
  );
}
