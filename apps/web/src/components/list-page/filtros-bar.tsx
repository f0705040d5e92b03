import { Button, Group, Input, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { FiltroTexto } from './filtro-texto';
import type { FiltroDef } from './tipos';

type FiltrosBarProps = {
  filtros: readonly FiltroDef[];
  brutos: Record<string, string>;
  aoMudar: (nome: string, valor: string | null) => void;
  aoLimpar: () => void;
  temFiltros: boolean;
};

/** Draws each declared filter with the input of its type; the values come from and go to the URL. */
export function FiltrosBar({ filtros, brutos, aoMudar, aoLimpar, temFiltros }: FiltrosBarProps) {
  if (filtros.length === 0) return null;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filtros">
      {filtros.map((f) => {
        const valor = brutos[f.nome] ?? '';
        if (f.tipo === 'texto') {
          return (
            <FiltroTexto key={f.nome} rotulo={f.rotulo} placeholder={f.placeholder} valor={valor} aoMudar={(v) => aoMudar(f.nome, v)} />
          );
        }
        if (f.tipo === 'data') {
          return (
            <TextInput
              key={f.nome}
              type="date"
              label={f.rotulo}
              value={valor}
              onChange={(e) => aoMudar(f.nome, e.currentTarget.value || null)}
              miw={160}
            />
          );
        }
        if (f.tipo === 'selecao') {
          return (
            <Select
              key={f.nome}
              label={f.rotulo}
              placeholder={f.placeholder ?? 'Todos'}
              data={f.opcoes ?? []}
              value={valor || null}
              onChange={(v) => aoMudar(f.nome, v)}
              clearable
              searchable
              nothingFoundMessage="Nenhuma opção encontrada."
              miw={200}
            />
          );
        }
        const [sim, nao] = f.opcoes ?? [];
        return (
          <Input.Wrapper key={f.nome} label={f.rotulo}>
            <SegmentedControl
              display="flex"
              aria-label={f.rotulo}
              value={valor === 'true' || valor === 'false' ? valor : ''}
              onChange={(v) => aoMudar(f.nome, v || null)}
              data={[
                { value: '', label: 'Todos' },
                { value: 'true', label: sim?.label ?? 'Sim' },
                { value: 'false', label: nao?.label ?? 'Não' },
              ]}
            />
          </Input.Wrapper>
        );
      })}
      {temFiltros && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={aoLimpar}>
          Limpar filtros
        </Button>
      )}
    </Group>
  );
}
