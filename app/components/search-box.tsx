import { FlaskConical, Search, Shapes, Store } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useSearchParams } from "react-router";

import { useDebouncedJson } from "~/hooks/use-debounced-json";
import { useListbox } from "~/hooks/use-listbox";
import { SEARCH_QUERY_MAX_LENGTH, type Suggestion, type SuggestionKind } from "~/lib/search";
import { comboboxInputProps, isEditableTarget, listboxIds } from "~/lib/listbox";
import { clsx } from "clsx";

const KIND_ICONS: Record<SuggestionKind, typeof FlaskConical> = {
  peptide: FlaskConical,
  category: Shapes,
  vendor: Store,
};
const KIND_LABELS: Record<SuggestionKind, string> = {
  peptide: "Peptide",
  category: "Category",
  vendor: "Vendor",
};

/**
 * The header's search: a GET form to /search (works without JavaScript) that, with it, becomes
 * an ARIA 1.2 combobox with suggestions from /search/suggestions. "/" focuses it; arrows move
 * through the suggestions, Enter opens the active one (or the results page), Escape closes.
 */
export function SearchBox({ className }: { className?: string }) {
  const id = useId();
  const { listboxId, optionId } = listboxIds(id);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const currentQuery = location.pathname === "/search" ? (searchParams.get("q") ?? "") : "";
  const [query, setQuery] = useState(currentQuery);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [answeredQuery, setAnsweredQuery] = useState("");
  const { open, setOpen, activeIndex, setActiveIndex, moveActive } = useListbox(-1);

  // A new page (a picked suggestion, a results page) starts closed, showing its own query.
  useEffect(() => {
    setQuery(currentQuery);
    setOpen(false);
    setActiveIndex(-1);
  }, [location.key, currentQuery, setOpen, setActiveIndex]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isEditableTarget(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const trimmed = query.trim();
  useEffect(() => {
    if (trimmed !== "") return;
    setSuggestions([]);
    setAnsweredQuery("");
  }, [trimmed]);
  useDebouncedJson<{ suggestions: Suggestion[] }>(
    trimmed === "" ? null : `/search/suggestions?${new URLSearchParams({ q: trimmed })}`,
    {
      onAnswer: (body) => {
        setSuggestions(body.suggestions);
        setAnsweredQuery(trimmed);
        setActiveIndex(-1);
      },
      onFailure: () => setSuggestions([]),
    },
  );

  const answered = open && trimmed !== "" && answeredQuery !== "";
  const expanded = answered && suggestions.length > 0;

  const pick = (suggestion: Suggestion) => {
    setOpen(false);
    setActiveIndex(-1);
    inputRef.current?.blur();
    navigate(suggestion.href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        // -1 is the input itself: past the last option the focus wraps through it.
        moveActive(event, suggestions.length);
        return;
      case "Enter": {
        const active = expanded ? suggestions[activeIndex] : undefined;
        if (active) {
          event.preventDefault();
          pick(active);
        }
        return;
      }
      case "Escape": {
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        } else if (query !== "") {
          event.preventDefault();
          setQuery("");
        }
        return;
      }
    }
  };

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Site"
      className={clsx("relative", className)}
      onSubmit={(event) => {
        if (trimmed === "") event.preventDefault();
        setOpen(false);
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search peptides, categories and vendors
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <input
        ref={inputRef}
        id={`${id}-input`}
        name="q"
        type="search"
        {...comboboxInputProps(id, { expanded, activeIndex })}
        enterKeyHint="search"
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        placeholder="Search peptides…"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-input bg-transparent pr-8 pl-8 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-search-cancel-button]:hidden"
      />
      <kbd
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border px-1.5 font-mono text-[10px] text-muted-foreground sm:block"
      >
        /
      </kbd>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {suggestions.map((suggestion, index) => {
          const Icon = KIND_ICONS[suggestion.kind];
          return (
            <li
              key={`${suggestion.kind}:${suggestion.href}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // In the order the option shows them: its name contains its visible text.
              aria-label={[suggestion.label, suggestion.detail, KIND_LABELS[suggestion.kind]]
                .filter(Boolean)
                .join(", ")}
              // Keeps the focus in the input, so the click is not lost to its blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion)}
              onMouseMove={() => setActiveIndex(index)}
              className={clsx(
                "flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm",
                index === activeIndex && "bg-accent text-accent-foreground",
              )}
            >
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="flex min-w-0 flex-col">
                <span className="truncate">{suggestion.label}</span>
                {suggestion.detail ? (
                  <span className="truncate text-xs text-muted-foreground">
                    {suggestion.detail}
                  </span>
                ) : null}
              </span>
              <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                {KIND_LABELS[suggestion.kind]}
              </span>
            </li>
          );
        })}
      </ul>
      {answered && suggestions.length === 0 ? (
        <p className="absolute top-full right-0 left-0 z-40 mt-1 rounded-md border bg-popover px-3 py-2 text-sm text-muted-foreground shadow-md">
          No matches. Press Enter to search.
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {expanded
          ? `${suggestions.length} ${suggestions.length === 1 ? "suggestion" : "suggestions"}`
          : ""}
      </p>
    </Form>
  );
}
