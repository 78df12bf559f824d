import { useId, useState } from "react";
import { Form, Link, useSubmit } from "react-router";

import {
  HOME_SORT_LABELS,
  HOME_SORTS,
  PRICE_BANDS,
  PRICE_SLIDER_MAX,
  PRICE_SLIDER_STEP,
  RATING_CHOICES,
  RATING_SLIDER_STEP,
  type HomeFilters as HomeFilterValues,
  type HomeSort,
} from "~/lib/home-filters";

import { Button } from "./ui/button";

export interface FilterDefinition {
  id: string;
  name: string;
  type: string;
  field: string;
}

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

interface Choice {
  value: string;
  label: string;
}

const asChoices = (values: readonly string[]): Choice[] =>
  values.map((value) => ({ value, label: value }));

/** One filter's choices as its admin-set type's control: checkboxes, radio buttons or a select. */
function ChoiceControl({
  type,
  name,
  label,
  choices,
  selected,
}: {
  type: string;
  name: string;
  label: string;
  choices: Choice[];
  selected: string[];
}) {
  if (type === "select") {
    return (
      <select
        name={name}
        aria-label={label}
        defaultValue={selected[0] ?? ""}
        className="h-8 rounded-md border bg-background px-2 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <option value="">Any</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }
  const radio = type === "radio";
  return (
    <div className="flex max-h-40 flex-wrap gap-x-4 gap-y-1.5 overflow-y-auto">
      {radio ? (
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value=""
            defaultChecked={selected.length === 0}
            className="size-4 accent-[var(--primary)]"
          />
          Any
        </label>
      ) : null}
      {choices.map((choice) => (
        <label key={choice.value} className="inline-flex items-center gap-2 text-sm">
          <input
            type={radio ? "radio" : "checkbox"}
            name={name}
            value={choice.value}
            defaultChecked={selected.includes(choice.value)}
            className="size-4 accent-[var(--primary)]"
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}

/** A range slider that shows its value; `format` names the value (the ends mean "any"). */
function Slider({
  name,
  label,
  min,
  max,
  step,
  value,
  format,
}: {
  name: string;
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  format: (value: number) => string;
}) {
  const [current, setCurrent] = useState(value);
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex justify-between text-xs text-muted-foreground">
        <span>{label}</span>
        <output htmlFor={id} className="tabular-nums">
          {format(current)}
        </output>
      </label>
      <input
        id={id}
        type="range"
        name={name}
        min={min}
        max={max}
        step={step}
        defaultValue={value}
        aria-valuetext={format(current)}
        onChange={(event) => setCurrent(Number(event.target.value))}
        className="w-full accent-[var(--primary)]"
      />
    </div>
  );
}

function priceBandsOf(values: HomeFilterValues): string[] {
  return PRICE_BANDS.filter(
    (band) =>
      (values.minPrice ?? null) === band.min ||
      (values.maxPrice ?? null) === band.max ||
      ((values.minPrice ?? 0) <= (band.min ?? 0) &&
        values.maxPrice !== null &&
        band.max !== null &&
        band.max <= values.maxPrice &&
        values.minPrice !== null),
  ).map((band) => band.value);
}

/**
 * One filter as its type asks: checkbox, radio or select over its choices, or a range slider
 * (price: a minimum and a maximum; rating: a minimum). A slider has no meaning over vendor
 * or size names, so those show their checkboxes when set to range.
 */
function FilterField({
  filter,
  values,
  options,
}: {
  filter: FilterDefinition;
  values: HomeFilterValues;
  options: { sizes: string[]; vendors: string[] };
}) {
  const { type, name } = filter;
  switch (filter.field) {
    case "size":
    case "vendor": {
      const size = filter.field === "size";
      return (
        <ChoiceControl
          type={type === "range" ? "checkbox" : type}
          name={filter.field}
          label={name}
          choices={asChoices(size ? options.sizes : options.vendors)}
          selected={size ? values.sizes : values.vendors}
        />
      );
    }
    case "price":
      if (type === "range") {
        return (
          <div className="grid gap-2">
            <Slider
              name="minPrice"
              label="Minimum"
              min={0}
              max={PRICE_SLIDER_MAX}
              step={PRICE_SLIDER_STEP}
              value={Math.min(values.minPrice ?? 0, PRICE_SLIDER_MAX)}
              format={(value) => (value === 0 ? "Any" : String(value))}
            />
            <Slider
              name="maxPrice"
              label="Maximum"
              min={0}
              max={PRICE_SLIDER_MAX}
              step={PRICE_SLIDER_STEP}
              value={Math.min(values.maxPrice ?? PRICE_SLIDER_MAX, PRICE_SLIDER_MAX)}
              format={(value) => (value === PRICE_SLIDER_MAX ? "Any" : String(value))}
            />
          </div>
        );
      }
      return (
        <ChoiceControl
          type={type}
          name="price"
          label={name}
          choices={PRICE_BANDS.map((band) => ({ value: band.value, label: band.label }))}
          selected={priceBandsOf(values)}
        />
      );
    case "rating":
      if (type === "range") {
        return (
          <Slider
            name="rating"
            label="At least"
            min={0}
            max={5}
            step={RATING_SLIDER_STEP}
            value={values.minRating ?? 0}
            format={(value) => (value === 0 ? "Any" : `${value}★`)}
          />
        );
      }
      return (
        <ChoiceControl
          type={type}
          name="rating"
          label={name}
          choices={RATING_CHOICES.map((rating) => ({
            value: String(rating),
            label: `${rating}★ & up`,
          }))}
          selected={values.minRating === null ? [] : [String(values.minRating)]}
        />
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
