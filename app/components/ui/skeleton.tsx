import * as React from "react";

import { clsx } from "clsx";

function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={clsx("skeleton", className)}
      {...props}
    />
  );
}

export { Skeleton };
