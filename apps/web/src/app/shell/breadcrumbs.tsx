import { Anchor, Badge, Breadcrumbs as MantineBreadcrumbs, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useMatches } from 'react-router';
import { lerHandle, type RotaHandle } from '../route-handle';

type Migalha = RotaHandle & { caminho: string };

/** Spec §1: breadcrumbs from the matched routes' handle (label and optional status). */
export function useMigalhas(): Migalha[] {
  const matches = useMatches();
  const migalhas: Migalha[] = [];
  for (const match of matches) {
    const handle = lerHandle(match);
    // An index route repeats its parent's path; the parent's crumb already stands for it.
    if (!handle || migalhas.some((m) => m.caminho === match.pathname)) continue;
    migalhas.push({ ...handle, caminho: match.pathname });
  }
  return migalhas;
}

export function Breadcrumbs() {
  const migalhas = useMigalhas();
  if (migalhas.length === 0) return null;

  return (
    <nav aria-label="Trilha de navegação" data-testid="breadcrumbs">
      <MantineBreadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6}>
        {migalhas.map((m, i) => {
          const ultima = i === migalhas.length - 1;
          const rotulo = (
            <Group gap={6} wrap="nowrap" key={m.caminho}>
              {ultima || m.agrupador ? (
                <Text size="sm" fw={ultima ? 600 : 400} c={ultima ? undefined : 'dimmed'} aria-current={ultima ? 'page' : undefined}>
                  {m.breadcrumb}
                </Text>
              ) : (
                <Anchor component={Link} to={m.caminho} size="sm">
                  {m.breadcrumb}
                </Anchor>
              )}
              {/* The status belongs to the page being shown; repeating it on every ancestor is noise. */}
              {ultima && m.status && (
                <Badge size="xs" variant="light" color="orange">
                  {m.status}
                </Badge>
              )}
            </Group>
          );
          return rotulo;
        })}
      </MantineBreadcrumbs>
    </nav>
  );
}
