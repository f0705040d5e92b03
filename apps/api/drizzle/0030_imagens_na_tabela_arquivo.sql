ALTER TABLE "empresa" ADD COLUMN "logo_arquivo_id" integer;--> statement-breakpoint
ALTER TABLE "arquivo" ADD COLUMN "papel" varchar(20);--> statement-breakpoint
CREATE UNIQUE INDEX "arquivo_papel_servico_uq" ON "arquivo" USING btree ("papel") WHERE "arquivo"."empresa_id" is null and "arquivo"."papel" is not null;--> statement-breakpoint
-- Every image moves into `arquivo` (docs/decisions/026-imagens-na-tabela-arquivo.md). The logo of a
-- company points at its file; deleting the file (arquivo/delete) leaves the company without a logo.
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_logo_arquivo_id_arquivo_id_fk" FOREIGN KEY ("logo_arquivo_id") REFERENCES "public"."arquivo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Company logos (empresa.logo/logo_mime): one file each, owned by the network (its head office, the tenant of RLS).
DO $$
DECLARE
  e record;
  novo integer;
BEGIN
  FOR e IN SELECT id, matriz_id, logo, logo_mime FROM empresa WHERE logo IS NOT NULL ORDER BY id LOOP
    INSERT INTO arquivo (empresa_id, nome, tipo, tamanho, sha256, dados)
    VALUES (e.matriz_id, 'logo', coalesce(e.logo_mime, 'image/png'), length(e.logo), encode(sha256(e.logo), 'hex'), e.logo)
    RETURNING id INTO novo;
    UPDATE empresa SET logo_arquivo_id = novo WHERE id = e.id;
  END LOOP;
END $$;--> statement-breakpoint
-- White label images (config_sistema 'imagem_<papel>' = JSON {mime, base64}): files of the service by role.
INSERT INTO arquivo (empresa_id, papel, nome, tipo, tamanho, sha256, dados, criado_em)
SELECT NULL, substr(chave, 8), substr(chave, 8), valor::json->>'mime',
       length(decode(valor::json->>'base64', 'base64')), encode(sha256(decode(valor::json->>'base64', 'base64')), 'hex'),
       decode(valor::json->>'base64', 'base64'), atualizado_em
FROM config_sistema WHERE chave IN ('imagem_topoAngular', 'imagem_favicon');--> statement-breakpoint
DELETE FROM config_sistema WHERE chave IN ('imagem_topoAngular', 'imagem_favicon');
