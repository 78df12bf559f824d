import { toast } from "sonner";

import { wantToaster } from "./sonner";

// The one way app code toasts: a module that can toast mounts the toast area as it loads
// (ui/sonner.tsx), so pages that never toast never load sonner.
wantToaster();

export { toast };
