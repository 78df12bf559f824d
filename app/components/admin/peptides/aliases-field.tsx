import { Field } from "~/components/admin/form-controls";
import { Textarea } from "~/components/ui/textarea";
import { TEXT_LIMITS } from "~/lib/text-limits";

/** The other names shops sell the peptide under; the scraper matches listings by them. */
export function AliasesField({ aliases, errors }: { aliases: string[]; errors?: string[] }) {
  return (
    <Field
      id="peptide-aliases"
      label="Aliases"
      hint="Other names shops use (Epithalon, MT-2 …), one per line. The scraper matches them."
      errors={errors}
    >
      <Textarea
        name="aliases"
        rows={2}
        maxLength={TEXT_LIMITS.long}
        defaultValue={aliases.join("\n")}
      />
    </Field>
  );
}
