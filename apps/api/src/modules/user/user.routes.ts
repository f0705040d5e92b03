import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  alterarSenhaSchema,
  existeUsuarioSchema,
  filtroUsuarioSchema,
  gerarUsernameSchema,
  paginaParamsSchema,
  PODE_ADMINISTRAR_USUARIOS,
  salvarPerfilSchema,
  usuarioSaveSchema,
  type UsuarioLogado,
} from '@bonifica/contracts';
import { empresa, senhaReset, usuario } from '../../db/schema/index.js';
import { auditar } from '../../lib/auditoria.js';
import { erro } from '../../lib/erros.js';
import { registrarRecurso } from '../../lib/recurso.js';
import { revogarSeriesDoUsuario } from '../../lib/remember-me.js';
import { ok, pagina } from '../../lib/resposta.js';
import { conferirSenha, gerarHashSenha } from '../../lib/senha.js';
import { apagarSessoesDoUsuario } from '../../lib/sessao-store.js';
import { transacaoDoUsuario, usuarioDe } from '../../lib/tenant.js';
import { sha256 } from '../../lib/tokens.js';
import { criarTarefaDoSistema } from '../../lib/tarefas.js';
import { concluirTentativa, mensagemEspera, reservarPedidoDoIp, reservarTentativa } from '../../lib/tentativas-login.js';
import { buscarUsuario, desativarUsuario, gravarUsuario, listarUsuarios, usernameExiste, usernamesParecidos } from './user.repository.js';
import { baseUsername, primeiroLivre } from './username.js';
import { MENSAGEM_ESQUECI, MENSAGEM_MUITOS_PEDIDOS, TAREFA_ESQUECI_SENHA } from './esqueci-senha.js';

const MENSAGEM_LINK_INVALIDO = 'Link inválido ou expirado. Peça um novo em "Esqueci minha senha".';

export async function userRoutes(app: FastifyInstance) {
  const rotas = app.withTypeProvider<ZodTypeProvider>();
  const argon2 = app.config.argon2;
  const tags = ['user'];

  rotas.get('/user/getUserInformations', { schema: { tags } }, async (request) => {
    const u = usuarioDe(request);
    let companyName: string | null = null;
    if (u.empresaAtualId) {
      const [e] = await app.db.select({ nome: empresa.nomeCurto }).from(empresa).where(eq(empresa.id, u.empresaAtualId)).limit(1);
      companyName = e?.nome ?? null;
    }
    const r: UsuarioLogado = {
      id: u.id,
      name: u.nome,
      username: u.username,
      email: u.email,
      companyName,
      empresaId: u.empresaAtualId,
      matrizId: u.empresaId,
      perfil: u.perfilNome,
      perfilId: u.perfilId,
      administradorFaturamento: u.administradorFaturamento,
      permissions: u.permissoes,
    };
    return ok(r);
  });

  /** Usernames are unique across the whole service, so this looks past the tenant on purpose. */
  rotas.post('/user/existeusuario', { schema: { tags, body: existeUsuarioSchema }, config: { permissoes: PODE_ADMINISTRAR_USUARIOS } }, async (request) =>
    ok(await usernameExiste(app.db, request.body.username)),
  );

  rotas.post('/user/generateUsername', { schema: { tags, body: gerarUsernameSchema }, config: { permissoes: PODE_ADMINISTRAR_USUARIOS } }, async (request) => {
    const base = baseUsername(request.body.name);
    return ok(primeiroLivre(base, await usernamesParecidos(app.db, base)));
  });

  /**
   * Both ways in are throttled like the login (decision 021): a wrong current password counts for the
   * (account, IP) pair the login uses, a wrong token for the IP; argon2 runs only after the check.
   */
  rotas.post('/user/changePassword', { schema: { tags, body: alterarSenhaSchema }, config: { publico: true } }, async (request) => {
    const d = request.body;
    const limites = app.config.tentativas;
    if (request.usuario && !d.token) {
      const u = request.usuario;
      const reserva = await reservarTentativa(app.db, 'SENHA', u.username.toLowerCase(), request.ip, limites);
      if (reserva.espera) throw erro.muitas(mensagemEspera(reserva.espera));
      const [linha] = await app.db.select({ hash: usuario.senhaHash }).from(usuario).where(eq(usuario.id, u.id)).limit(1);
      if (!d.senhaAtual || !linha || !(await conferirSenha(linha.hash, d.senhaAtual))) throw erro.requisicao('A senha atual não confere.');
      await concluirTentativa(app.db, reserva.id, true);
      const novoHash = await gerarHashSenha(d.novaSenha, argon2);
      await app.db.transaction(async (tx) => {
        await tx.update(usuario).set({ senhaHash: novoHash, senhaAlteradaEm: new Date(), atualizadoEm: new Date() }).where(eq(usuario.id, u.id));
        await apagarSessoesDoUsuario(tx, u.id, request.sessaoIdHash ?? undefined);
        await revogarSeriesDoUsuario(tx, u.id, request.rememberSerie ?? undefined);
        await auditar(tx, request, { acao: 'ALTERAR_SENHA', entidade: 'usuario', entidadeId: u.id });
      });
      return ok('Senha alterada com sucesso.');
    }
    if (!d.token) throw erro.naoAutenticado();
    const reserva = await reservarTentativa(app.db, 'TOKEN', '', request.ip, limites);
    if (reserva.espera) throw erro.muitas(mensagemEspera(reserva.espera));
    const tokenHash = sha256(d.token);
    const vivo = and(eq(senhaReset.tokenHash, tokenHash), isNull(senhaReset.usadoEm), gt(senhaReset.expiraEm, new Date()));
    const [valido] = await app.db.select({ usuarioId: senhaReset.usuarioId }).from(senhaReset).where(vivo).limit(1);
    if (!valido) throw erro.requisicao(MENSAGEM_LINK_INVALIDO);
    await concluirTentativa(app.db, reserva.id, true);
    const novoHash = await gerarHashSenha(d.novaSenha, argon2);
    await app.db.transaction(async (tx) => {
      // Claiming the token and changing the password in one step: a link works exactly once.
      const [r] = await tx.update(senhaReset).set({ usadoEm: new Date() }).where(vivo).returning({ usuarioId: senhaReset.usuarioId });
      if (!r) throw erro.requisicao(MENSAGEM_LINK_INVALIDO);
      await tx.update(usuario).set({ senhaHash: novoHash, senhaAlteradaEm: new Date(), atualizadoEm: new Date() }).where(eq(usuario.id, r.usuarioId));
      await apagarSessoesDoUsuario(tx, r.usuarioId);
      await revogarSeriesDoUsuario(tx, r.usuarioId);
      const [dono] = await tx.select({ empresaId: usuario.empresaId }).from(usuario).where(eq(usuario.id, r.usuarioId));
      await auditar(tx, request, { acao: 'REDEFINIR_SENHA', entidade: 'usuario', entidadeId: r.usuarioId, empresaId: dono?.empresaId ?? null });
    });
    return ok('Senha alterada com sucesso. Entre com a nova senha.');
  });

  rotas.post('/user/salvarperfil', { schema: { tags, body: salvarPerfilSchema } }, async (request) => {
    const u = usuarioDe(request);
    // The user's own row, identified by the session: no tenant role, so a user without a company can edit it too.
    await app.db.transaction(async (tx) => {
      await tx.update(usuario).set({ nome: request.body.nome, email: request.body.email, atualizadoEm: new Date() }).where(eq(usuario.id, u.id));
      await auditar(tx, request, { acao: 'ALTERAR', entidade: 'usuario', entidadeId: u.id, antes: { nome: u.nome, email: u.email }, depois: request.body });
    });
    return ok({ nome: request.body.nome, email: request.body.email });
  });

  /**
   * The same reply, after the same work, whatever was typed (decision 021): the IP limit, then a job
   * with the typed text. No user lookup, no e-mail, no argon2 here — the job (esqueci-senha.ts) does those.
   */
  rotas.get(
    '/user/esqueciminhasenha/:x',
    { schema: { tags, params: z.object({ x: z.string().trim().min(1, 'Informe o usuário ou e-mail.').max(254) }) }, config: { publico: true } },
    async (request) => {
      const { maxPorIp } = app.config.redefinicao;
      if (!(await reservarPedidoDoIp(app.db, request.ip, maxPorIp, app.config.tentativas.janelaMs))) throw erro.muitas(MENSAGEM_MUITOS_PEDIDOS);
      const id = await criarTarefaDoSistema(app.db, TAREFA_ESQUECI_SENHA, { identificador: request.params.x.toLowerCase() });
      await app.tarefas.enfileirar(id);
      return ok(MENSAGEM_ESQUECI);
    },
  );

  rotas.post(
    '/user/filter/user/client/:page/:size',
    { schema: { tags, params: paginaParamsSchema, body: filtroUsuarioSchema }, config: { permissoes: PODE_ADMINISTRAR_USUARIOS } },
    async (request) => {
      const { page, size } = request.params;
      const u = usuarioDe(request);
      const { itens, total } = await transacaoDoUsuario(request, (tx) => listarUsuarios(tx, u, request.body, page, size));
      return pagina(itens, total, page, size);
    },
  );

  registrarRecurso(app, {
    raiz: 'user/',
    entidade: 'usuario',
    permissoes: { ler: PODE_ADMINISTRAR_USUARIOS, escrever: PODE_ADMINISTRAR_USUARIOS },
    filtro: filtroUsuarioSchema,
    salvar: usuarioSaveSchema,
    listar: listarUsuarios,
    buscar: buscarUsuario,
    gravar: (tx, u, d, antes, request) => gravarUsuario(tx, u, d, antes, argon2, { sessaoIdHash: request.sessaoIdHash, rememberSerie: request.rememberSerie }),
    excluir: (tx, u, id) => desativarUsuario(tx, u, id),
  });
}
