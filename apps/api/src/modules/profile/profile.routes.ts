import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  filtroPerfilSchema,
  PERMISSOES,
  perfilSaveSchema,
  PODE_ADMINISTRAR_PERFIS,
  PODE_ADMINISTRAR_USUARIOS,
  ROTULOS_PERMISSAO,
  TODAS_PERMISSOES,
} from '@bonifica/contracts';
import { eq } from 'drizzle-orm';
import { empresa } from '../../db/schema/index.js';
import { ehAdmin } from '../../lib/contexto.js';
import { erro } from '../../lib/erros.js';
import { permissoesConcediveis } from '../../lib/privilegios.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { lista } from '../../lib/resposta.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { buscarPerfil, excluirPerfil, gravarPerfil, listarPerfis, perfisDisponiveis, todosPerfisVisiveis } from './profile.repository.js';

const LEITURA = [...new Set([...PODE_ADMINISTRAR_PERFIS, ...PODE_ADMINISTRAR_USUARIOS])];

export async function profileRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  rotas.get('/profile/listcompanyprofiles', { schema: { tags }, config: { permissoes: LEITURA } }, async (request) => {
    const u = usuarioDe(request);
    return lista(await transacaoDoUsuario(request, (tx) => perfisDisponiveis(tx, u.empresaId)));
  });

  rotas.get('/profile/listall', { schema: { tags }, config: { permissoes: [PERMISSOES.admin] } }, async (request) => {
    const u = usuarioDe(request);
    return lista(await transacaoDoUsuario(request, (tx) => todosPerfisVisiveis(tx, u)));
  });

  rotas.get(
    '/profile/:ref/available',
    { schema: { tags, params: z.object({ ref: z.coerce.number({ message: 'Empresa inválida.' }).int().positive('Empresa inválida.') }) }, config: { permissoes: LEITURA } },
    async (request) => {
      const u = usuarioDe(request);
      const perfis = await transacaoDoUsuario(request, async (tx) => {
        const [e] = await tx.select({ matrizId: empresa.matrizId }).from(empresa).where(eq(empresa.id, request.params.ref)).limit(1);
        if (!e || (!ehAdmin(u) && e.matrizId !== u.empresaId)) throw erro.naoEncontrado('Empresa não encontrada.');
        return perfisDisponiveis(tx, e.matrizId);
      });
      return lista(perfis);
    },
  );

  rotas.get('/profile/permissoes', { schema: { tags }, config: { permissoes: LEITURA } }, async (request) => {
    const u = usuarioDe(request);
    // Only what the caller holds: anything else would be refused on save (docs/decisions/019).
    const atribuiveis = permissoesConcediveis(u, TODAS_PERMISSOES);
    return lista(atribuiveis.map((valor) => ({ valor, rotulo: ROTULOS_PERMISSAO[valor] })));
  });

  registrarRecurso(app, {
    raiz: 'profile/',
    entidade: 'perfil',
    permissoes: { ler: LEITURA, escrever: PODE_ADMINISTRAR_PERFIS },
    filtro: filtroPerfilSchema,
    salvar: perfilSaveSchema,
    listar: listarPerfis,
    buscar: buscarPerfil,
    gravar: (tx, u, d, antes) => gravarPerfil(tx, u, d, antes),
    excluir: excluirPerfil,
  });
}
