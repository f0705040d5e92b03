-- Extensions for accent-insensitive search (spec §5) and fuzzy matching.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The role tenant-scoped requests run under (SET LOCAL ROLE). It does not own the tables, so the
-- policies below apply to it, while the owner (migrations, login, seed) is not subject to them;
-- no FORCE: on managed PostgreSQL the owner is not a superuser and must still see its tables.
-- Cluster-wide: created once, tolerated if present.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bonifica_app') THEN
    CREATE ROLE bonifica_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT bonifica_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO bonifica_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO bonifica_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO bonifica_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO bonifica_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO bonifica_app;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant() RETURNS integer LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.empresa_id', true), '')::integer $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_tenant() TO bonifica_app;--> statement-breakpoint
CREATE OR REPLACE FUNCTION busca_normalizada(texto text) RETURNS text LANGUAGE sql STABLE AS
$$ SELECT lower(unaccent(coalesce(texto, ''))) $$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION busca_normalizada(text) TO bonifica_app;--> statement-breakpoint
ALTER TABLE empresa ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY empresa_tenant ON empresa TO bonifica_app USING (matriz_id = app_tenant()) WITH CHECK (matriz_id = app_tenant());--> statement-breakpoint
ALTER TABLE usuario ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY usuario_tenant ON usuario TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE perfil ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY perfil_leitura ON perfil FOR SELECT TO bonifica_app USING (empresa_id IS NULL OR empresa_id = app_tenant());--> statement-breakpoint
CREATE POLICY perfil_escrita ON perfil FOR INSERT TO bonifica_app WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
CREATE POLICY perfil_alteracao ON perfil FOR UPDATE TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
CREATE POLICY perfil_exclusao ON perfil FOR DELETE TO bonifica_app USING (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE fatura_empresa ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY fatura_empresa_tenant ON fatura_empresa TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());--> statement-breakpoint
ALTER TABLE auditoria ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY auditoria_tenant ON auditoria TO bonifica_app USING (empresa_id = app_tenant()) WITH CHECK (empresa_id = app_tenant());
