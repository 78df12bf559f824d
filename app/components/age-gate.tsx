import { useSyncExternalStore } from "react";

import { newAgeVerificationExpiry, readAgeVerification } from "~/lib/age-gate";
import { AGE_VERIFIED_KEY } from "~/lib/constants";

import { Button } from "./ui/button";

type AgeGateState = "unknown" | "verified" | "unverified";

const EXIT_URL = "https://www.google.com";
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** Reads (and, per SPEC.md §4, cleans up) the stored expiry. */
function getSnapshot(): AgeGateState {
  const stored = window.localStorage.getItem(AGE_VERIFIED_KEY);
  const { verified, remove } = readAgeVerification(stored, Date.now());
  if (remove) window.localStorage.removeItem(AGE_VERIFIED_KEY);
  return verified ? "verified" : "unverified";
}

/** The server cannot see localStorage: it renders the page, and the gate appears on hydration. */
const getServerSnapshot = (): AgeGateState => "unknown";

export function useAgeGate() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return {
    state,
    confirm: () => {
      window.localStorage.setItem(AGE_VERIFIED_KEY, String(newAgeVerificationExpiry(Date.now())));
      notify();
    },
    reset: () => {
      window.localStorage.removeItem(AGE_VERIFIED_KEY);
      notify();
    },
  };
}

export function AgeGate() {
  const { state, confirm } = useAgeGate();
  if (state !== "unverified") return null;
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/70 p-4 backdrop-blur-sm">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-description"
        className="w-full max-w-md rounded-lg border bg-background p-6 shadow-lg"
      >
        <h2 id="age-gate-title" className="text-lg font-semibold">
          Age Verification
        </h2>
        <p id="age-gate-description" className="mt-2 text-sm text-muted-foreground">
          This site lists research peptides for laboratory use only. Please confirm that you are at
          least 21 years old and a qualified researcher.
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="outline" onClick={() => window.location.assign(EXIT_URL)}>
            Exit
          </Button>
          <Button autoFocus onClick={confirm}>
            I Confirm
          </Button>
        </div>
      </div>
    </div>
  );
}
