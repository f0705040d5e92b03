import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ArquivoInfo,
  EnvioAutomatica,
  FiltroEnvioAutomatica,
  FiltroModeloMensagem,
  Gatilho,
  MensagemAutomatica,
  MensagemAutomaticaSave,
  ModeloMensagem,
  ModeloMensagemSave,
  MsgTeste,
  Pagina,
  PrevisualizarModelo,
  Previsualizacao,
  ResultadoRodada,
} from '@bonifica/contracts';
import { api } from '../../lib/api';
import type { BuscarPagina, ConsultaLista } from '../../components/list-page';

/** One key factory for the area (templates, automatic messages and their log). */
export const chavesMensagens = {
  modelos: ['mensagens', 'modelos'] as const,
  listaModelos: (consulta: ConsultaLista) => ['mensagens', 'modelos', 'lista', consulta] as const,
  todosModelos: ['mensagens', 'modelos', 'todos'] as const,
  automaticas: ['mensagens', 'automaticas'] as const,
  envios: ['mensagens', 'envios'] as const,
  listaEnvios: (consulta: ConsultaLista) => ['mensagens', 'envios', 'lista', consulta] as const,
  previa: (corpo: PrevisualizarModelo) => ['mensagens', 'previa', corpo] as const,
};

const paginaVazia = <T>(page: number, size: number): Pagina<T> => ({ content: [], totalElements: 0, totalPages: 0, number: page, size });

export const buscarModelos: BuscarPagina<ModeloMensagem> = async (filtro, page, size) => {
  const corpo: FiltroModeloMensagem = {};
  if (typeof filtro.busca === 'string') corpo.busca = filtro.busca.slice(0, 80);
  if (filtro.canal === 'WHATSAPP' || filtro.canal === 'EMAIL') corpo.canal = filtro.canal;
  if (typeof filtro.ativo === 'boolean') corpo.ativo = filtro.ativo;
  return (await api.post<Pagina<ModeloMensagem>>(`mensagem/modelo/filterpaginated/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

export const buscarEnvios: BuscarPagina<EnvioAutomatica> = async (filtro, page, size) => {
  const corpo: FiltroEnvioAutomatica = {};
  if (typeof filtro.gatilho === 'string' && filtro.gatilho) corpo.gatilho = filtro.gatilho as Gatilho;
  if (filtro.canal === 'WHATSAPP' || filtro.canal === 'EMAIL') corpo.canal = filtro.canal;
  if (typeof filtro.de === 'string') corpo.de = filtro.de;
  if (typeof filtro.ate === 'string') corpo.ate = filtro.ate;
  return (await api.post<Pagina<EnvioAutomatica>>(`filtrar/msgautomatica/${page}/${size}`, corpo)).result ?? paginaVazia(page, size);
};

function useInvalidar(...chaves: (readonly string[])[]) {
  const queryClient = useQueryClient();
  return () => chaves.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
}

/** Active templates for the automatic messages' pickers (a company has a handful). */
export function useModelosAtivos() {
  return useQuery({
    queryKey: chavesMensagens.todosModelos,
    queryFn: async () => (await api.post<Pagina<ModeloMensagem>>('mensagem/modelo/filterpaginated/0/100', { ativo: true })).result?.content ?? [],
  });
}

export function useSalvarModelo() {
  const invalidar = useInvalidar(chavesMensagens.modelos);
  return useMutation({ mutationFn: async (dados: ModeloMensagemSave) => (await api.post<ModeloMensagem>('mensagem/modelo/save', dados)).result, onSuccess: invalidar });
}

export function useExcluirModelo() {
  const invalidar = useInvalidar(chavesMensagens.modelos);
  return useMutation({ mutationFn: async (id: number) => (await api.delete(`mensagem/modelo/delete/${id}`)).result, onSuccess: invalidar });
}

/** The text as the chosen customer would receive it; off until a customer is chosen. */
export function usePrevia(corpo: PrevisualizarModelo | null) {
  return useQuery({
    queryKey: chavesMensagens.previa(corpo ?? { clienteId: 0, texto: '' }),
    queryFn: async () => (await api.post<Previsualizacao>('mensagem/modelo/previsualizar', corpo)).result,
    enabled: corpo !== null,
    retry: false,
    placeholderData: (anterior) => anterior,
  });
}

/** An image or PDF for a template (arquivo/upload). */
export function useEnviarAnexo() {
  return useMutation({ mutationFn: async (arquivo: File) => (await api.enviarArquivo<ArquivoInfo>('arquivo/upload', arquivo)).result! });
}

export function useAutomaticas() {
  return useQuery({ queryKey: chavesMensagens.automaticas, queryFn: async () => (await api.get<MensagemAutomatica[]>('mensagem/automatica')).result ?? [] });
}

export function useSalvarAutomatica() {
  const invalidar = useInvalidar(chavesMensagens.automaticas);
  return useMutation({ mutationFn: async (dados: MensagemAutomaticaSave) => (await api.post<MensagemAutomatica>('mensagem/automatica/save', dados)).result, onSuccess: invalidar });
}

export function useMsgTeste() {
  return useMutation({ mutationFn: async (dados: MsgTeste) => (await api.post<{ para: string; texto: string }>('mensagem/automatica/msgteste', dados)).result! });
}

export function useEnviarAgora() {
  const invalidar = useInvalidar(chavesMensagens.automaticas, chavesMensagens.envios);
  return useMutation({
    mutationFn: async (gatilho: Gatilho) => (await api.post<ResultadoRodada[]>('mensagem/automatica/enviar/msg/agora', { gatilho })).result ?? [],
    onSuccess: invalidar,
  });
}
