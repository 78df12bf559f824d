ALTER TABLE "categories" ADD CONSTRAINT "categories_name_length" CHECK (char_length("name") <= 200);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_slug_length" CHECK (char_length("slug") <= 200);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_description_length" CHECK (char_length("description") <= 10000);--> statement-breakpoint
ALTER TABLE "category_filters" ADD CONSTRAINT "category_filters_name_length" CHECK (char_length("name") <= 200);