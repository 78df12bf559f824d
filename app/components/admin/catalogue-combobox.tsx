import { ChevronsUpDown } from "lucide-react";
import { useEffect, useId, useState } from "react";

import { useFieldControlProps } from "~/components/ui/field";
import { useDebouncedJson } from "~/hooks/use-debounced-json";
import { useListbox } from "~/hooks/use-listbox";
import {
  CATALOGUE_OPTION_QUERY_MAX,
  catalogueOptionsPath,
  type CatalogueOption,
  type CatalogueOptionKind,
} from "~/lib/catalogue-options";
import { comboboxInputProps, listboxIds } from "~/lib/listbox";
import { cn } from "~/lib/utils";

/** The "none" entry (All peptides, No vendor): picking it empties the hidden input. */
const NONE: CatalogueOption = { id: "", label: "" };

/**
 * A peptide or vendor picker for admin filters and forms that scales to any catalogue: an ARIA
 * 1.2 combobox asking /admin/options/:kind for the entries matching what is typed (debounced),
 * so the page never carries the whole list. The chosen id is posted by a hidden input named
 * `name`; `selected` is the current choice, whose label shows on the first render.
 *
 * Keyboard: arrows open the list and move through it, Enter picks the active entry, Escape
 * closes the list (or, closed, puts back the chosen entry's name). Leaving the field with
 * other text puts the chosen name back; leaving it empty picks `noneLabel` when there is one.
 */
export function CatalogueCombobox({
  kind,
  name,
  selected,
  noneLabel,
  placeholder,
  className,
  onSelect,
  scope,
  ...controlProps
}: {
  kind: CatalogueOptionKind;
  /** Narrows the entries: sizes are those of one peptide. */
  scope?: { peptide?: string };
  name: string;
  selected: CatalogueOption | null;
  /** The entry meaning "none" (a filter's "All peptides"); without it a choice is required. */
  noneLabel?: string;
  placeholder?: string;
  className?: string;
  onSelect?: (option: CatalogueOption | null) => void;
  id?: string;
  /** Its name when no label points at it (a row's picker). */
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { id: fieldId, ...aria } = useFieldControlProps(controlProps);
  const ownId = useId();
  const inputId = fieldId ?? `${ownId}-input`;
  const { listboxId, optionId } = listboxIds(inputId);
  const [value, setValue] = useState<CatalogueOption | null>(selected);
  const [text, setText] = useState(selected?.label ?? "");
  const { open, setOpen, activeIndex, setActiveIndex, moveActive } = useListbox(0);
  const [options, setOptions] = useState<CatalogueOption[]>([]);
  const [answered, setAnswered] = useState(false);

  // A new page (Apply, Reset, back) brings its own choice.
  const selectedId = selected?.id ?? "";
  const selectedLabel = selected?.label ?? "";
  useEffect(() => {
    setValue(selectedId ? { id: selectedId, label: selectedLabel } : null);
    setText(selectedLabel);
  }, [selectedId, selectedLabel]);

  // While the text is the chosen entry's name, the list shows everything (from the top).
  const query = value && text === value.label ? "" : text.trim();
  useDebouncedJson<{ options: CatalogueOption[] }>(
    open ? catalogueOptionsPath(kind, query, scope) : null,
    {
      onAnswer: (body) => {
        setOptions(body.options);
        setAnswered(true);
        setActiveIndex(query === "" ? -1 : 0);
      },
      onFailure: () => setOptions([]),
    },
  );

  const entries: CatalogueOption[] =
    noneLabel !== undefined && query === "" ? [{ ...NONE, label: noneLabel }, ...options] : options;
  const expanded = open && answered;

  useEffect(() => {
    if (!expanded || activeIndex < 0) return;
    document
      .getElementById(`${inputId}-option-${activeIndex}`)
      ?.scrollIntoView({ block: "nearest" });
  }, [expanded, activeIndex, inputId]);

  const close = () => {
    setOpen(false);
    setAnswered(false);
    setActiveIndex(-1);
  };

  const pick = (option: CatalogueOption) => {
    const chosen = option.id === "" ? null : option;
    setValue(chosen);
    setText(chosen?.label ?? "");
    close();
    onSelect?.(chosen);
  };

  /** Leaving the field: the text goes back to the chosen entry (or to none, when emptied). */
  const settle = () => {
    close();
    if (text.trim() === "" && noneLabel !== undefined && value !== null) {
      pick(NONE);
      return;
    }
    setText(value?.label ?? "");
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        moveActive(event, entries.length);
        return;
      case "Enter": {
        const active = expanded ? entries[activeIndex] : undefined;
        if (expanded) event.preventDefault();
        if (active) pick(active);
        return;
      }
      case "Escape": {
        if (open) {
          event.preventDefault();
          close();
        } else if (text !== (value?.label ?? "")) {
          event.preventDefault();
          setText(value?.label ?? "");
        }
        return;
      }
    }
  };

  return (
    <div className={cn("relative", className)}>
      <input type="hidden" name={name} value={value?.id ?? ""} />
      <input
        {...aria}
        id={inputId}
        type="text"
        {...comboboxInputProps(inputId, { expanded, activeIndex })}
        // The search the options route accepts: a longer one would only be refused.
        maxLength={CATALOGUE_OPTION_QUERY_MAX}
        // Escape is the picker's (close the list, put the name back), not its dialog's.
        data-owns-escape={open || text !== (value?.label ?? "") ? "" : undefined}
        placeholder={placeholder ?? noneLabel}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={settle}
        onKeyDown={onKeyDown}
        className="h-full min-h-8 w-full min-w-0 rounded-md border border-input bg-transparent py-1 pr-8 pl-2.5 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
      />
      <ChevronsUpDown
        className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Matches"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-72 min-w-48 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {entries.map((option, index) => (
          <li
            key={option.id || "none"}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // Keeps the focus in the input, so the click is not lost to its blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
            onMouseMove={() => setActiveIndex(index)}
            title={option.label}
            className={cn(
              "cursor-pointer truncate rounded-sm px-2 py-1.5 text-sm",
              option.id === "" && "text-muted-foreground",
              option.id === (value?.id ?? "") && "font-medium",
              index === activeIndex && "bg-accent text-accent-foreground",
            )}
          >
            {option.label}
          </li>
        ))}
        {entries.length === 0 ? (
          <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
            No matches.
          </li>
        ) : null}
      </ul>
      <p role="status" aria-live="polite" className="sr-only">
        {expanded ? `${options.length} ${options.length === 1 ? "match" : "matches"}` : ""}
      </p>
    </div>
  );
}
