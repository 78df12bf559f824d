/**
 * Saving a peptide, switching peptides on or off and promoting one to a featured slot: each
 * write and its audit entries (the peptide a featured slot was taken from included) commit
 * together, then the page cache is emptied. The admin handler parses the form (and stores an
 * uploaded image first) and turns the outcome into its answer.
 */
import type { SessionUser } from "./auth.server";
import type { AppContext } from "../platform/context.server";
import {
  createPeptide,
  getAdminPeptide,
  promotePeptide as promotePeptideRow,
  setPeptidesActive,
  updatePeptide,
  type DisplacedPeptide,
  type PeptideInput,
  type PromoteResult,
  type SavePeptideResult,
} from "../data/peptides.server";
import { commitPublicChange, type Audit } from "./audited-change.server";

type Admin = Pick<SessionUser, "id" | "email">;
type App = Pick<AppContext, "db" | "cache">;

function auditDisplaced(audit: Audit, displaced: DisplacedPeptide | null) {
  if (!displaced) return;
  audit({
    action: "update",
    entity: "peptide",
    entityId: displaced.id,
    name: displaced.name,
    before: { isPopular: true, popularOrder: displaced.popularOrder },
    after: { isPopular: false, popularOrder: null },
  });
}

/**
 * Creates a peptide, or updates `edit.id` while it is still at `edit.version`; "missing" and
 * "changed" write nothing. A taken slug or a deleted category throws the database's error.
 */
export async function savePeptide(
  app: App,
  admin: Admin,
  input: PeptideInput,
  edit?: { id: string; version: string },
): Promise<SavePeptideResult | "missing" | "changed"> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const before = edit ? await getAdminPeptide(tx, edit.id) : null;
    if (edit && !before) return "missing";
    const saved = edit
      ? await updatePeptide(tx, edit.id, edit.version, input)
      : await createPeptide(tx, input);
    if (saved === "missing" || saved === "changed") return saved;
    audit({
      action: edit ? "update" : "create",
      entity: "peptide",
      entityId: saved.id,
      name: input.name,
      before,
      after: await getAdminPeptide(tx, saved.id),
    });
    auditDisplaced(audit, saved.displaced);
    return saved;
  });
}

/** Switches the peptides on or off for visitors; each one that changes is audited. */
export async function switchPeptides(
  app: App,
  admin: Admin,
  ids: readonly string[],
  active: boolean,
): Promise<void> {
  await commitPublicChange(app, admin, async (tx, audit) => {
    const changed = await setPeptidesActive(tx, ids, active);
    audit(
      ...changed.map((peptide) => ({
        action: "update" as const,
        entity: "peptide",
        entityId: peptide.id,
        name: peptide.name,
        before: { active: !active },
        after: { active },
      })),
    );
  });
}

/** Gives the peptide the next free featured slot, audited; refusals write nothing. */
export async function promotePeptide(app: App, admin: Admin, id: string): Promise<PromoteResult> {
  return commitPublicChange(app, admin, async (tx, audit) => {
    const result = await promotePeptideRow(tx, id);
    if (result.ok) {
      audit({
        action: "update",
        entity: "peptide",
        entityId: id,
        name: result.name,
        before: { isPopular: false, popularOrder: null },
        after: { isPopular: true, popularOrder: result.popularOrder },
      });
    }
    return result;
  });
}
