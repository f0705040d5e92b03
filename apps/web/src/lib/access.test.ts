import { describe, expect, it } from 'vitest';
import { can } from './access';

describe('can (spec §6: any-of)', () => {
  const usuario = { permissions: ['ROLE_COMPANY', 'USUARIO_GERENCIAR'] };

  it('passa quando o usuário tem qualquer uma das permissões pedidas', () => {
    expect(can(usuario, ['ROLE_ADMIN', 'USUARIO_GERENCIAR'])).toBe(true);
  });

  it('nega quando não tem nenhuma', () => {
    expect(can(usuario, ['ROLE_ADMIN', 'PERFIL_GERENCIAR'])).toBe(false);
  });

  it('lista vazia ou ausente é aberta a qualquer usuário logado', () => {
    expect(can(usuario, [])).toBe(true);
    expect(can(usuario)).toBe(true);
  });

  it('sem usuário, sempre nega', () => {
    expect(can(null, [])).toBe(false);
    expect(can(undefined)).toBe(false);
  });
});
