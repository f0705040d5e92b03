import { describe, expect, it } from 'vitest';
import { permissoesEfetivas, PERMISSOES } from './permissoes.js';
import { usuarioSaveSchema } from './user.js';

describe('usuarioSaveSchema (user/save parcial, decisão 019)', () => {
  it('não inventa campos: o que não veio no corpo não aparece, para o servidor manter o valor guardado', () => {
    expect(usuarioSaveSchema.parse({ id: 7, nome: '  Ana Souza ' })).toEqual({ id: 7, nome: 'Ana Souza' });
  });

  it('email null continua null (apagar), diferente de ausente (manter)', () => {
    expect(usuarioSaveSchema.parse({ id: 7, email: null })).toEqual({ id: 7, email: null });
  });
});

describe('permissoesEfetivas', () => {
  it('o administrador da empresa tem o que o perfil de balcão lista; quem só gerencia usuários, só isso', () => {
    const gerente = permissoesEfetivas([PERMISSOES.empresaAdmin]);
    for (const p of [PERMISSOES.empresaUsuario, PERMISSOES.terminal, PERMISSOES.clientesConsultar, PERMISSOES.cartoesGerenciar]) expect(gerente.has(p)).toBe(true);
    expect(gerente.has(PERMISSOES.admin)).toBe(false);
    expect([...permissoesEfetivas([PERMISSOES.usuarios])]).toEqual([PERMISSOES.usuarios]);
  });
});
