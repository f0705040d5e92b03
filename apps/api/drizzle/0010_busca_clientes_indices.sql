-- Customer search at scale (bench/RESULTS.md: 5–11 s per search on 1M customers, a full scan running
-- unaccent on every row). busca_normalizada becomes IMMUTABLE — unaccent with its dictionary named
-- explicitly, so the result no longer depends on search_path — and can back expression indexes;
-- the queries keep calling it as they did.
CREATE OR REPLACE FUNCTION busca_normalizada(texto text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, coalesce(texto, ''))) $$;--> statement-breakpoint
-- "Contains" searches (LIKE '%…%') of client/filterpaginated: name, e-mail, CPF/CNPJ and phone.
CREATE INDEX IF NOT EXISTS cliente_nome_trgm ON cliente USING gin (busca_normalizada(nome) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cliente_email_trgm ON cliente USING gin (lower(email) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cliente_documento_trgm ON cliente USING gin (documento gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cliente_celular_trgm ON cliente USING gin (celular gin_trgm_ops);--> statement-breakpoint
-- The list's order (name as people read it): the first page without a search reads 20 index entries.
CREATE INDEX IF NOT EXISTS cliente_nome_ordem_idx ON cliente (empresa_id, busca_normalizada(nome), nome, id);
