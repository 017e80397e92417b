import { describe, expect, it } from 'vitest';
import { settingDefinitions } from '../../../../../common/src/api/config.ts';
import { adminEn } from '../../../lib/locales/en/admin.ts';
import {
  buildSettingsPatch,
  fromDraft,
  groupErrorsBySetting,
  parseExtensions,
  settingKeyOfField,
  settingSections,
  toDraft,
  toSettingsDraft,
} from './settings-form.ts';

const timeoutField = {
  key: 'ui.editContentTimeout',
  label: 'Edit timeout',
  kind: 'duration',
} as const;
const sizeField = { key: 'upload.maxSize', label: 'Maximum upload size', kind: 'bytes' } as const;

describe('settings form', () => {
  it('shows durations and sizes in the largest exact unit and converts them back', () => {
    expect(toDraft(timeoutField, 86_400)).toEqual({
      kind: 'duration',
      noLimit: false,
      amount: '1',
      unit: 'days',
    });
    expect(toDraft(timeoutField, 90)).toMatchObject({ amount: '90', unit: 'seconds' });
    expect(toDraft(timeoutField, -1)).toMatchObject({ noLimit: true });
    expect(
      fromDraft(timeoutField, { kind: 'duration', noLimit: false, amount: '3', unit: 'hours' }),
    ).toEqual({ ok: true, value: 10_800 });
    expect(toDraft(sizeField, 50 * 1024 * 1024)).toEqual({
      kind: 'bytes',
      amount: '50',
      unit: 'MB',
    });
    expect(toDraft(sizeField, 1500)).toEqual({ kind: 'bytes', amount: '1500', unit: 'B' });
    expect(fromDraft(sizeField, { kind: 'bytes', amount: '0', unit: 'KB' }).ok).toBe(false);
  });

  it('normalizes typed extensions', () => {
    expect(parseExtensions(' .JPG, png;tar.gz  png\n.Zip ')).toEqual([
      'jpg',
      'png',
      'tar.gz',
      'zip',
    ]);
  });

  it('patches only the keys whose value changed', () => {
    const loaded = Object.fromEntries(
      Object.entries(settingDefinitions).map(([key, definition]) => [key, definition.default]),
    );
    const draft = toSettingsDraft(loaded);
    expect(buildSettingsPatch(draft, loaded)).toEqual({ ok: true, patch: {} });
    // Same value in another unit is no change.
    draft['ui.editContentTimeout'] = {
      kind: 'duration',
      noLimit: false,
      amount: '60',
      unit: 'minutes',
    };
    draft['premoderation.comments'] = { kind: 'boolean', checked: true };
    expect(buildSettingsPatch(draft, loaded)).toEqual({
      ok: true,
      patch: { 'premoderation.comments': true },
    });
  });

  it('files nested error fields under their setting, the longest key first', () => {
    expect(settingKeyOfField('upload.allowedExtensions.2')).toBe('upload.allowedExtensions');
    expect(settingKeyOfField('floodControl.comments.lockSeconds')).toBe(
      'floodControl.comments.lockSeconds',
    );
    expect(settingKeyOfField('nope.key')).toBeNull();
    const grouped = groupErrorsBySetting({
      'upload.allowedExtensions.0': [
        { field: 'upload.allowedExtensions.0', code: 'x', message: 'a', status: 422 },
      ],
      'upload.allowedExtensions.3': [
        { field: 'upload.allowedExtensions.3', code: 'x', message: 'b', status: 422 },
      ],
    });
    expect(grouped['upload.allowedExtensions']?.map((item) => item.message)).toEqual(['a', 'b']);
  });

  it('has every label, title and registry description in the admin pack', () => {
    const missing: string[] = [];
    for (const section of settingSections) {
      for (const text of [
        section.title,
        ...section.fields.flatMap((field) => [
          field.label,
          settingDefinitions[field.key].description,
          ...Object.values(field.options ?? {}),
        ]),
      ]) {
        if (!(text in adminEn)) missing.push(text);
      }
    }
    expect(missing).toEqual([]);
  });
});
