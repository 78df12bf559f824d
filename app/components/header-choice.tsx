import { Form, useLocation, useSubmit } from "react-router";

import { Button } from "./ui/button";
import { NativeSelect } from "./ui/native-select";

/**
 * A choice the header keeps in a cookie (display currency, ship-to country): a plain form
 * posted to its resource route, so it works without JavaScript (with its Apply button); with
 * scripts the button never shows (lib/scripting.ts) and choosing submits at once. The route
 * sends the visitor back to this page.
 */
export function HeaderChoice({
  action,
  id,
  name,
  label,
  icon,
  value,
  options,
}: {
  action: string;
  id: string;
  name: string;
  /** The select's accessible name. */
  label: string;
  icon: React.ReactNode;
  value: string;
  options: { value: string; label: string }[];
}) {
  const location = useLocation();
  const submit = useSubmit();
  return (
    <Form method="post" action={action} className="flex items-center gap-1">
      <input
        type="hidden"
        name="returnTo"
        value={`${location.pathname}${location.search}${location.hash}`}
      />
      <label htmlFor={id} className="text-muted-foreground">
        {icon}
        <span className="sr-only">{label}</span>
      </label>
      <NativeSelect
        key={value}
        id={id}
        name={name}
        defaultValue={value}
        className="h-8 w-auto px-2"
        onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" data-no-js-fallback="">
        Apply
        {/* Two of these share the header: each says what it applies. */}
        <span className="sr-only"> {label.toLowerCase()}</span>
      </Button>
    </Form>
  );
}
