CREATE TABLE "trade_words" (
	"phrase" text NOT NULL,
	"category_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_words_phrase_category_id_pk" PRIMARY KEY("phrase","category_id")
);
--> statement-breakpoint
ALTER TABLE "trade_words" ADD CONSTRAINT "trade_words_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_words_category_idx" ON "trade_words" USING btree ("category_id","phrase");