import * as React from "react";
import { Toaster as Sonner, type ToasterProps as SonnerProps } from "sonner";

type ToasterProps = Omit<SonnerProps, "theme"> & {
  /** The site's colour-scheme setting; "system" follows the OS. */
  theme?: "light" | "dark" | "system";
};

/**
 * The app's toast area: bottom-right, Alt+T moves focus to it, rich colours
 * for success/error toasts, themed from the light/dark/system setting.
 */
function Toaster({
  theme = "system",
  position = "bottom-right",
  hotkey = ["altKey", "KeyT"],
  richColors = true,
  style,
  ...props
}: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      position={position}
      hotkey={hotkey}
      richColors={richColors}
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster, type ToasterProps };
