import { describe, expect, it } from 'vitest';
import { type AuditEntry, describeAuditEntry } from './audit.js';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  occurred_at: '2026-11-28T16:00:00.000Z',
  actor: { id: 'u1', role: 'sommelier', name: 'ana@casa.com.br' },
  establishment_id: null,
  establishment_name: null,
  record_kind: 'menu_wine',
  record_id: 'w1',
  action: 'update',
  changes: [],
  ...over,
});

describe('describeAuditEntry', () => {
  it('says a sign-in in pt-BR, with how the person signed in below', () => {
    const said = describeAuditEntry(
      entry({ record_kind: 'session', action: 'sign_in', changes: [{ field: 'method', new: 'senha + código do aplicativo' }] }),
      true,
    );
    expect(said).toEqual({
      sentence: 'ana@casa.com.br (sommelier) entrou',
      details: ['Forma de entrada: senha + código do aplicativo'],
    });
  });

  it('names the roles of the two-step rule, or "nenhum"', () => {
    const said = describeAuditEntry(
      entry({
        actor: { id: 'u2', role: 'admin', name: 'dono@casa.com.br' },
        record_kind: 'two_step_policy',
        record_id: '1',
        changes: [{ field: 'required_roles', old: [], new: ['admin', 'restaurant_manager'] }],
      }),
      true,
    );
    expect(said.sentence).toBe(
      'dono@casa.com.br (administrador) alterou regra de verificação em duas etapas: Perfis obrigados: nenhum → administrador, gerente',
    );
  });

  it('keeps the kind of record in sentences whose verb needs it', () => {
    expect(describeAuditEntry(entry({ action: 'create' }), true).sentence).toBe('ana@casa.com.br (sommelier) criou vinho da carta');
  });
});
