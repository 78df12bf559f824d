import { Field } from "~/components/admin/form-controls";
import { Textarea } from "~/components/ui/textarea";
import { TEXT_LIMITS } from "~/lib/text-limits";

/**
 * The other names shops sell the peptide under and buyers search by (brand names, common
 * misspellings): the scraper matches listings by them and the search finds the peptide by them.
 */
export function AliasesField({ aliases, errors }: { aliases: string[]; errors?: string[] }) {
  return (
    <Field
      id="peptide-aliases"
      label="Aliases"
      hint="Other names shops and buyers use (Epithalon, MT-2, brand names such as Ozempic, misspellings such as BCP-157), one per line. The scraper and the search match them."
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
