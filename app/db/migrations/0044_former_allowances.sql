CREATE TABLE "former_allowances" (
	"address_hash" text NOT NULL,
	"allowance" text NOT NULL,
	"uses" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "former_allowances_address_hash_allowance_pk" PRIMARY KEY("address_hash","allowance"),
	CONSTRAINT "former_allowances_uses_positive" CHECK ("former_allowances"."uses" > 0)
);
