CREATE TABLE "saved_stacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"share_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_stacks_share_token_unique" UNIQUE("share_token"),
	CONSTRAINT "saved_stacks_name_length" CHECK (char_length("saved_stacks"."name") between 1 and 80),
	CONSTRAINT "saved_stacks_share_token_length" CHECK (char_length("saved_stacks"."share_token") between 32 and 64),
	CONSTRAINT "saved_stacks_items_array" CHECK (jsonb_typeof("saved_stacks"."items") = 'array' and jsonb_array_length("saved_stacks"."items") between 1 and 15)
);
--> statement-breakpoint
ALTER TABLE "saved_stacks" ADD CONSTRAINT "saved_stacks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_stacks_user_idx" ON "saved_stacks" USING btree ("user_id","created_at");