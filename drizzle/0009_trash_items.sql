CREATE TABLE "trash_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"deleted_by" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trash_items_entity_length" CHECK (char_length("trash_items"."entity") <= 64),
	CONSTRAINT "trash_items_entity_id_length" CHECK (char_length("trash_items"."entity_id") <= 64),
	CONSTRAINT "trash_items_name_length" CHECK (char_length("trash_items"."name") <= 200)
);
--> statement-breakpoint
ALTER TABLE "trash_items" ADD CONSTRAINT "trash_items_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trash_items_batch_idx" ON "trash_items" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "trash_items_deleted_at_idx" ON "trash_items" USING btree ("deleted_at");