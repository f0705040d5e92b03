import { useRef, useState } from 'react';
import { Button, Group, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { CONSTANTES, type Mapeamento, type MetadadosImportacao, type StatusImportacao, type TipoImportacao } from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { ProgressoTarefa } from '../../components/progresso-tarefa';
import { caminhoStatus, chavesImportacao, useIniciarImportacao } from './api';
import { EtapaArquivo } from './etapa-arquivo';
import { descreverLinhas, EtapaMapeamento } from './etapa-mapeamento';
import { EtapaOpcoes, type Opcoes } from './etapa-opcoes';
import { ResumoImportacao } from './resumo-importacao';

const OPCOES_PADRAO: Opcoes = { duplicados: 'IGNORAR', unidadeSaldo: 'CASHBACK' };

/** Upload → columns (with preview) → options → progress and summary. */
export function AssistenteImportacao({ tipo }: { tipo: TipoImportacao }) {
  const [etapa, setEtapa] = useState(0);
  const [metadados, setMetadados] = useState<MetadadosImportacao | null>(null);
  const [mapeamento, setMapeamento] = useState<Mapeamento>({});
  const [erroMapeamento, setErroMapeamento] = useState<string | null>(null);
  const [opcoes, setOpcoes] = useState<Opcoes>(OPCOES_PADRAO);
  const [tarefaId, setTarefaId] = useState<string | null>(null);
  const iniciar = useIniciarImportacao(tipo);
  const queryClient = useQueryClient();
  // Four steps with descriptions do not fit across a phone; stacked, each step reads whole.
  const estreito = useMediaQuery(`(max-width: ${CONSTANTES.breakpointMobile - 0.02}px)`);

  const recomecar = () => {
    setEtapa(0);
    setMetadados(null);
    setMapeamento({});
    setOpcoes(OPCOES_PADRAO);
    setTarefaId(null);
  };
  const conferirColunas = () => {
    if (typeof mapeamento.nome !== 'number') {
      setErroMapeamento('Indique a coluna do nome.');
      return;
    }
    setErroMapeamento(null);
    setEtapa(2);
  };
  // A ref, not `isPending`: a double click lands both clicks before the button re-renders as busy, and the
  // second start was refused (409) with an error over an import that was in fact running.
  const iniciando = useRef(false);
  const comecar = () => {
    if (!metadados || iniciando.current) return;
    iniciando.current = true;
    iniciar.mutate(
      { tarefaId: metadados.tarefaId, mapeamento, ...opcoes },
      {
        onSuccess: (s) => {
          setTarefaId(s.id);
          setEtapa(3);
        },
        onError: (e) => notificar.erro(e.message),
        onSettled: () => {
          iniciando.current = false;
        },
      },
    );
  };
  const terminou = (s: StatusImportacao) => {
    void queryClient.invalidateQueries({ queryKey: chavesImportacao.raiz });
    if (s.status === 'CONCLUIDA') notificar.sucesso('Importação concluída.');
    setEtapa(4);
  };

  return (
    <Stepper active={etapa} size="sm" orientation={estreito ? 'vertical' : 'horizontal'} allowNextStepsSelect={false} onStepClick={(i) => etapa < 3 && i < etapa && setEtapa(i)}>
      <Stepper.Step label="Arquivo" description="Enviar o CSV">
        <EtapaArquivo
          tipo={tipo}
          aoEnviar={(m) => {
            setMetadados(m);
            setMapeamento(m.sugestao);
            setEtapa(1);
          }}
        />
      </Stepper.Step>
      <Stepper.Step label="Colunas" description="Conferir o mapeamento">
        {metadados && (
          <>
            <EtapaMapeamento metadados={metadados} mapeamento={mapeamento} aoMudar={setMapeamento} erro={erroMapeamento} />
            <Group mt="md">
              <Button variant="default" onClick={() => setEtapa(0)}>
                Voltar
              </Button>
              <Button onClick={conferirColunas}>Continuar</Button>
            </Group>
          </>
        )}
      </Stepper.Step>
      <Stepper.Step label="Opções" description={tipo === 'CLIENTE' ? 'Duplicados e saldos' : 'Duplicados'}>
        <EtapaOpcoes tipo={tipo} opcoes={opcoes} aoMudar={setOpcoes} temSaldo={typeof mapeamento.saldo === 'number'} />
        <Group mt="md">
          <Button variant="default" onClick={() => setEtapa(1)}>
            Voltar
          </Button>
          <Button onClick={comecar} loading={iniciar.isPending}>
            Importar {metadados ? descreverLinhas(metadados) : ''}
          </Button>
        </Group>
      </Stepper.Step>
      <Stepper.Step label="Importação" description="Andamento e resumo">
        {tarefaId && <ProgressoTarefa<StatusImportacao> caminho={caminhoStatus(tipo, tarefaId)} aoTerminar={terminou} mostrarArquivo={false} />}
      </Stepper.Step>
      <Stepper.Completed>
        {tarefaId && (
          <ProgressoTarefa<StatusImportacao> caminho={caminhoStatus(tipo, tarefaId)} mostrarArquivo={false}>
            {(s) => <ResumoImportacao status={s} aoRecomecar={recomecar} />}
          </ProgressoTarefa>
        )}
      </Stepper.Completed>
    </Stepper>
  );
}
