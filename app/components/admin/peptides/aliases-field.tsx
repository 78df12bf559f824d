import { Field } from "~/components/admin/form-controls";
import { Textarea } from "~/components/ui/textarea";

/** The other names shops sell the peptide under; the scraper matches listings by them. */
export function AliasesField({ aliases }: { aliases: string[] }) {
  return (
    <Field
      id="peptide-aliases"
      label="Aliases"
      hint="Other names shops use (Epithalon, MT-2 …), one per line. The scraper matches them."
    >
      <Textarea
        id="peptide-aliases"
        name="aliases"
        rows={2}
        aria-describedby="peptide-aliases-hint"
        defaultValue={aliases.join("\n")}
      />
    </Field>
  );
}
