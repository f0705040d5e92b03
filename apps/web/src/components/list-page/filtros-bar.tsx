import { Button, Group, Input, SegmentedControl, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { CampoData } from '../campo-data';
import { FiltroTexto } from './filtro-texto';
import type { FiltroDef } from './tipos';

type FiltrosBarProps = {
  filtros: readonly FiltroDef[];
  brutos: Record<string, string>;
  aoMudar: (nome: string, valor: string | null) => void;
  aoLimpar: () => void;
  temFiltros: boolean;
};

// On a phone the search takes the row and the other filters go two by two, so four filters do not push the list off the screen.
const LARGURA_BUSCA = { base: '100%', xs: 300 };
const LARGURA_CAMPO = { base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 200 };
const LARGURA_DATA = { base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 160 };

/** Draws each declared filter with the input of its type; the values come from and go to the URL. */
export function FiltrosBar({ filtros, brutos, aoMudar, aoLimpar, temFiltros }: FiltrosBarProps) {
  if (filtros.length === 0) return null;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filtros">
      {filtros.map((f) => {
        const valor = brutos[f.nome] ?? '';
        if (f.tipo === 'texto') {
          return (
            <FiltroTexto key={f.nome} rotulo={f.rotulo} placeholder={f.placeholder} valor={valor} aoMudar={(v) => aoMudar(f.nome, v)} w={LARGURA_BUSCA} />
          );
        }
        if (f.tipo === 'data') {
          return (
            <CampoData key={f.nome} label={f.rotulo} value={valor} onChange={(v) => aoMudar(f.nome, v)} clearable w={LARGURA_DATA} />
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
              w={LARGURA_CAMPO}
            />
          );
        }
        const [sim, nao] = f.opcoes ?? [];
        return (
          <Input.Wrapper key={f.nome} label={f.rotulo} w={{ base: '100%', xs: 'auto' }}>
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
