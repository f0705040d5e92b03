import { useState } from 'react';
import { Button, Group, Menu, Modal } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { FormatoExportacao, TarefaCriada } from '@bonifica/contracts';
import { useFiltroDaTela, type FiltroDef } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { ProgressoTarefa } from '../../components/progresso-tarefa';
import { api } from '../../lib/api';
import { paraFiltroCliente } from './api';

/**
 * Exportar (CSV / XLSX) on the customers list: the filters on screen are the export's filters, and
 * the file is built by a background job (client/relatorio/assincrono) whose progress is shown.
 */
export function ExportarClientes({ filtros }: { filtros: readonly FiltroDef[] }) {
  const filtroDaTela = useFiltroDaTela(filtros);
  const [tarefa, setTarefa] = useState<{ id: string; formato: FormatoExportacao } | null>(null);
  const pedir = useMutation({
    mutationFn: async (formato: FormatoExportacao) => {
      const r = await api.post<TarefaCriada>('client/relatorio/assincrono', { ...paraFiltroCliente(filtroDaTela(), null), formato });
      return { id: r.result!.id, formato };
    },
    onSuccess: setTarefa,
    onError: (e) => notificar.erro(e.message),
  });
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconFileExport size={16} />} loading={pedir.isPending}>
            Exportar
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Clientes filtrados na tela</Menu.Label>
          <Menu.Item onClick={() => pedir.mutate('CSV')}>Planilha CSV (Excel)</Menu.Item>
          <Menu.Item onClick={() => pedir.mutate('XLSX')}>Planilha XLSX</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={tarefa !== null} onClose={() => setTarefa(null)} title={`Exportação de clientes (${tarefa?.formato ?? ''})`} centered>
        {tarefa && (
          <ProgressoTarefa caminho={`status/assincrono/${tarefa.id}`} rotuloArquivo={`Baixar planilha ${tarefa.formato}`}>
            {() => (
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setTarefa(null)}>
                  Fechar
                </Button>
              </Group>
            )}
          </ProgressoTarefa>
        )}
      </Modal>
    </>
  );
}
