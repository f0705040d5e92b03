import { describe, expect, it } from 'vitest';
import { filtroUsuarioSchema } from '@bonifica/contracts';
import { paraFiltroUsuario } from './api';

describe('paraFiltroUsuario', () => {
  it('monta o FiltroUsuario do contrato a partir dos filtros da URL', () => {
    const corpo = paraFiltroUsuario({ busca: 'ana', ativo: true, perfilId: '4' }, { campo: 'criadoEm', direcao: 'desc' });
    expect(corpo).toEqual({ busca: 'ana', ativo: true, perfilId: 4, ordenarPor: 'criadoEm', direcao: 'desc' });
    expect(filtroUsuarioSchema.parse(corpo)).toEqual(corpo);
  });

  it('descarta perfil inválido e ordenação que o servidor não conhece, e corta a busca em 120', () => {
    const corpo = paraFiltroUsuario({ busca: 'x'.repeat(200), perfilId: 'abc' }, { campo: 'email', direcao: 'asc' });
    expect(corpo).toEqual({ busca: 'x'.repeat(120) });
    expect(filtroUsuarioSchema.safeParse(corpo).success).toBe(true);
  });
});
