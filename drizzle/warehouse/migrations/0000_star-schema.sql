CREATE TABLE "dim_companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_company_id" integer,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dim_connectors" (
	"id" integer PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"station_id" integer NOT NULL,
	"connector_number" integer NOT NULL,
	"evse_id" text,
	"plug_type" text,
	"power_type" text,
	"max_power_w" integer,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dim_stations" (
	"id" integer PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"company_id" integer NOT NULL,
	"owner_company_id" integer,
	"type" text NOT NULL,
	"city" text,
	"country" text,
	"time_zone" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dim_tariffs" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"customer_group_id" integer,
	"version_of" integer,
	"version" integer NOT NULL,
	"apply_from" timestamp with time zone,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dim_users" (
	"id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_type" text,
	"status" text NOT NULL,
	"role_ids" integer[] NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fact_connector_status" (
	"id" bigint PRIMARY KEY NOT NULL,
	"connector_id" integer NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fact_sessions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"cdr_id" text NOT NULL,
	"status" text NOT NULL,
	"pricing_status" text NOT NULL,
	"station_id" integer NOT NULL,
	"connector_id" integer,
	"connector_number" integer NOT NULL,
	"company_id" integer NOT NULL,
	"owner_company_id" integer,
	"user_id" integer,
	"customer_group_id" integer,
	"start_method" text NOT NULL,
	"refused" boolean NOT NULL,
	"country" text,
	"station_type" text,
	"roaming" boolean NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"energy_wh" bigint,
	"duration_s" bigint,
	"charging_minutes" integer,
	"parking_s" bigint,
	"currency" text NOT NULL,
	"vat_value" bigint,
	"emp_total" bigint,
	"emp_net_total" bigint,
	"emp_energy" bigint,
	"emp_net_energy" bigint,
	"emp_time" bigint,
	"emp_penalty" bigint,
	"emp_net_penalty" bigint,
	"subcpo_total" bigint,
	"subcpo_energy" bigint,
	"subcpo_time" bigint,
	"subcpo_penalty" bigint,
	"owner_total" bigint,
	"owner_energy" bigint,
	"owner_penalty" bigint,
	"owner_cost_per_kwh" bigint,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_watermarks" (
	"table_name" text PRIMARY KEY NOT NULL,
	"last_updated_at" bigint DEFAULT 0 NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dim_companies_path_idx" ON "dim_companies" USING btree ("path");--> statement-breakpoint
CREATE INDEX "dim_connectors_station_idx" ON "dim_connectors" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "dim_stations_company_idx" ON "dim_stations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "dim_users_company_idx" ON "dim_users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "fact_connector_status_connector_idx" ON "fact_connector_status" USING btree ("connector_id","started_at");--> statement-breakpoint
CREATE INDEX "fact_sessions_company_start_idx" ON "fact_sessions" USING btree ("company_id","start_at");--> statement-breakpoint
CREATE INDEX "fact_sessions_owner_start_idx" ON "fact_sessions" USING btree ("owner_company_id","start_at");--> statement-breakpoint
CREATE INDEX "fact_sessions_station_start_idx" ON "fact_sessions" USING btree ("station_id","start_at");--> statement-breakpoint
CREATE INDEX "fact_sessions_user_start_idx" ON "fact_sessions" USING btree ("user_id","start_at");