/**
 * Saving a lab test, importing a CSV of them and the pass thresholds: each write and its audit
 * entries commit together, then the page cache is emptied. The admin handler parses the form
 * (and stores an uploaded report first) and turns the outcome into its answer.
 */
import type { LabThresholds } from "~/lib/lab-tests";

import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import {
  createLabTest,
  createLabTests,
  getAdminLabTest,
  updateLabTest,
  type LabTestInput,
} from "../data/lab-tests.server";
import { updateLabThresholds } from "../data/settings.server";
import { commitPublicChange } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;

const labTestName = (input: LabTestInput) => `${input.labName}, ${input.testedOn}`;

/** Creates a lab test, or updates `edit.id` while it is still at `edit.version`. */
export async function saveLabTest(
  app: App,
  admin: Admin,
  input: LabTestInput,
  edit?: { id: string; version: string },
): Promise<{ saved: string } | "missing" | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const before = edit ? await getAdminLabTest(tx, edit.id) : null;
    if (edit && !before) return "missing";
    let id: string;
    if (edit) {
      const outcome = await updateLabTest(tx, edit.id, edit.version, input);
      if (outcome !== "updated") return outcome;
      id = edit.id;
    } else {
      id = await createLabTest(tx, input);
    }
    const { version: _version, createdAt: _created, ...beforeFields } = before ?? {};
    audit({
      action: edit ? "update" : "create",
      entity: "lab_test",
      entityId: id,
      name: labTestName(input),
      before: before ? beforeFields : null,
      after: input,
    });
    return { saved: id };
  });
}

/** Creates every test of an import, each audited as imported; all of them or none. */
export async function importLabTests(
  app: App,
  admin: Admin,
  inputs: LabTestInput[],
): Promise<string[]> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const ids = await createLabTests(tx, inputs);
    audit(
      ...inputs.map((input, index) => ({
        action: "create" as const,
        entity: "lab_test",
        entityId: ids[index],
        name: labTestName(input),
        details: { source: "csv-import" },
        after: input,
      })),
    );
    return ids;
  });
}

/** Saves the pass thresholds, audited with the values they replaced. */
export async function saveLabThresholds(
  app: App,
  admin: Admin,
  after: LabThresholds,
): Promise<void> {
  await commitPublicChange(app, admin, async (tx, audit) => {
    const before = await updateLabThresholds(tx, after);
    audit({ action: "update", entity: "settings", name: "Lab test thresholds", before, after });
  });
}
