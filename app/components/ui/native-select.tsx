import type * as React from "react";

import { clsx } from "clsx";

import { useFieldControlProps } from "./field";

/** A native select styled like the inputs: keyboard- and phone-friendly, posts with the form. */
export function NativeSelect({ className, ...rest }: React.ComponentProps<"select">) {
  const props = useFieldControlProps(rest);
  return (
    <select
      // Its look is .native-select (app.css, components layer): a caller's utilities win over it.
      className={clsx("native-select", className)}
      {...props}
    />
  );
}
