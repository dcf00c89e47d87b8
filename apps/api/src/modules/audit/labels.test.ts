import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_EVENT_LABELS, AUDITABLE_TYPE_LABELS } from '@origem/contract/schemas/audit';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test' || name === 'migrations' ? [] : sources(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

/**
 * Every literal event and record type the server writes into the trail, read from its source: each recordAudit
 * call's `event: '…'` and `type: '…'`, and the AUDIT_TYPE / auditType / LIST_OWNER constants the calls use.
 */
function auditedCodes() {
  const events = new Set<string>();
  const types = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/recordAudit\(([\s\S]{0,400}?)\}\)/g)) {
      const body = call[1] ?? '';
      for (const m of body.matchAll(/event:\s*(?:[\w.]+\s*\?\s*)?'([a-z_]+)'(?:\s*:\s*'([a-z_]+)')?/g)) {
        if (m[1]) events.add(m[1]);
        if (m[2]) events.add(m[2]);
      }
      for (const m of body.matchAll(/\btype:\s*'([a-z_.]+)'/g)) if (m[1]) types.add(m[1]);
    }
    for (const m of text.matchAll(/(?:AUDIT_TYPE|LIST_OWNER)\s*=\s*'([a-z_]+)'/g)) if (m[1]) types.add(m[1]);
    for (const m of text.matchAll(/auditType:\s*'([a-z_]+)'/g)) if (m[1]) types.add(m[1]);
  }
  return { events: [...events].sort(), types: [...types].sort() };
}

describe('audit labels (issue 9: the trail shows Portuguese, never raw codes)', () => {
  const { events, types } = auditedCodes();

  it('finds the codes the server writes', () => {
    expect(events).toEqual(expect.arrayContaining(['created', 'updated', 'deleted', 'login_failed']));
    expect(types).toEqual(expect.arrayContaining(['user', 'exporter', 'company', 'pre_registration']));
  });

  it('labels every event in Portuguese', () => {
    expect(events.filter((event) => !AUDIT_EVENT_LABELS[event])).toEqual([]);
  });

  it('labels every record type in Portuguese', () => {
    expect(types.filter((type) => !AUDITABLE_TYPE_LABELS[type])).toEqual([]);
  });
});
