import { Checkbox, Select, Stack, Text, TextInput } from '@mantine/core';
import { ESCOPO_PARCEIRO, ESCOPOS_TOKEN, ROTULOS_ESCOPO, tokenApiNovoSchema, type EscopoToken, type TokenApiNovo, type TokenApiResumo } from '@bonifica/contracts';
import { CampoData } from '../../components/campo-data';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { useParceirosRede } from './api';

/** What the form holds: the wire's fields as the inputs keep them (branch as a Select value, no date as ''). */
export type ValoresToken = { nome: string; filialId: string | null; redeCredenciadaId: string | null; escopos: EscopoToken[]; expiraEm: string };

export type ErrosToken = Partial<Record<keyof ValoresToken, string>>;

const ESCOPOS_EMPRESA_INICIAIS: EscopoToken[] = ['vendas:lancar', 'clientes:consultar'];
/** The company's own scopes; a partner's token has only ESCOPO_PARCEIRO, set by choosing the partner. */
const ESCOPOS_EMPRESA = ESCOPOS_TOKEN.filter((e) => e !== ESCOPO_PARCEIRO);

/** A new token starts with what a till needs; an existing one with what it has. */
export function valoresIniciais(t?: TokenApiResumo): ValoresToken {
  if (!t) return { nome: '', filialId: null, redeCredenciadaId: null, escopos: [...ESCOPOS_EMPRESA_INICIAIS], expiraEm: '' };
  return {
    nome: t.nome,
    filialId: t.filialId === null ? null : String(t.filialId),
    redeCredenciadaId: t.redeCredenciadaId === null ? null : String(t.redeCredenciadaId),
    escopos: [...t.escopos],
    expiraEm: t.expiraEm ?? '',
  };
}

/** The body of PUT company/api (and of save, with the id), or the messages of the fields to fix. */
export function lerValores(v: ValoresToken): { ok: true; dados: TokenApiNovo } | { ok: false; erros: ErrosToken } {
  const dados = {
    nome: v.nome,
    filialId: v.filialId ? Number(v.filialId) : null,
    redeCredenciadaId: v.redeCredenciadaId ? Number(v.redeCredenciadaId) : null,
    escopos: v.escopos,
    expiraEm: v.expiraEm || null,
  };
  const r = tokenApiNovoSchema.safeParse(dados);
  if (r.success) return { ok: true, dados };
  return { ok: false, erros: Object.fromEntries(r.error.issues.map((i) => [String(i.path[0] ?? 'nome'), i.message])) };
}

type Props = { valores: ValoresToken; aoMudar: (v: ValoresToken) => void; erros: ErrosToken };

/** The fields shared by creating and editing a token (the secret is never among them). */
export function CamposToken({ valores, aoMudar, erros }: Props) {
  const filiais = useFiliaisRede();
  const parceiros = useParceirosRede();
  const deParceiro = valores.redeCredenciadaId !== null;
  const mudar = <K extends keyof ValoresToken>(campo: K) => (v: ValoresToken[K]) => aoMudar({ ...valores, [campo]: v });
  return (
    <>
      <TextInput label="Nome" placeholder="Ex.: PDV loja 1, ERP" withAsterisk value={valores.nome} onChange={(e) => mudar('nome')(e.currentTarget.value)} error={erros.nome} maxLength={80} data-autofocus />
      <Select
        label="Parceiro da rede credenciada"
        description="Com um parceiro, o token só identifica clientes e lança ou estorna resgates nele; não lança vendas."
        placeholder="Nenhum: token da empresa (caixa, ERP)"
        clearable
        data={(parceiros.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
        value={valores.redeCredenciadaId}
        onChange={(v) =>
          aoMudar({ ...valores, redeCredenciadaId: v, filialId: v ? null : valores.filialId, escopos: v ? [ESCOPO_PARCEIRO] : [...ESCOPOS_EMPRESA_INICIAIS] })
        }
        error={erros.redeCredenciadaId}
      />
      {!deParceiro && (
      <Select
        label="Filial"
        description="Com uma filial, o token só lança e cancela vendas dela."
        placeholder="Toda a rede"
        clearable
        data={(filiais.data ?? []).map((f) => ({ value: String(f.id), label: f.shortName }))}
        value={valores.filialId}
        onChange={mudar('filialId')}
        error={erros.filialId}
      />
      )}
      {deParceiro ? (
        <Text size="sm">
          Escopo: {ROTULOS_ESCOPO[ESCOPO_PARCEIRO]} ({ESCOPO_PARCEIRO})
        </Text>
      ) : (
      <Checkbox.Group label="Escopos" withAsterisk value={valores.escopos} onChange={(v) => mudar('escopos')(v as EscopoToken[])} error={erros.escopos}>
        <Stack gap={6} mt={6}>
          {ESCOPOS_EMPRESA.map((e) => (
            <Checkbox key={e} value={e} label={`${ROTULOS_ESCOPO[e]} (${e})`} />
          ))}
        </Stack>
      </Checkbox.Group>
      )}
      <CampoData label="Válido até" description="Vazio: sem validade. Vale até o fim do dia (Brasília)." value={valores.expiraEm} onChange={(v) => mudar('expiraEm')(v ?? '')} clearable error={erros.expiraEm} />
    </>
  );
}
