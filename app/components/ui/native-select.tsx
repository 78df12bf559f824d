import type * as React from "react";

import { cn } from "~/lib/utils";

import { useFieldControlProps } from "./field";

/** A native select styled like the inputs: keyboard- and phone-friendly, posts with the form. */
export function NativeSelect({ className, ...rest }: React.ComponentProps<"select">) {
  const props = useFieldControlProps(rest);
  return (
    <select
      className={cn(
        "h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30",
        className,
      )}
      {...props}
    />
  );
}
