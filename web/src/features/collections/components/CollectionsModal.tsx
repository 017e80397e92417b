import { useState } from 'react';
import { CheckboxField } from '../../../components/form/CheckboxField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import type { CollectionRecordRef } from '../api/collections.api.ts';
import {
  useCollectionsOfQuery,
  useCollectionsQuery,
  useSaveCollectionsMutation,
} from '../api/collections.queries.ts';

export interface CollectionsModalProps {
  record: CollectionRecordRef;
  onClose: () => void;
}

/**
 * The collections modal (spec 000 §2, from the discussion options menu; `community.manage`): a
 * checkbox per collection, checked where the record is, and a new collection's name.
 */
export function CollectionsModal({ record, onClose }: CollectionsModalProps) {
  const all = useCollectionsQuery();
  const current = useCollectionsOfQuery(record);
  if (all.isPending || current.isPending) {
    return (
      <FormModal
        title={t('Add to Collection')}
        canSubmit={false}
        onSubmit={onClose}
        onClose={onClose}
      >
        <Loader />
      </FormModal>
    );
  }
  const error = all.error ?? current.error;
  if (error !== null || all.data === undefined || current.data === undefined) {
    return (
      <FormModal
        title={t('Add to Collection')}
        canSubmit={false}
        error={error?.message ?? null}
        onSubmit={onClose}
        onClose={onClose}
      >
        {null}
      </FormModal>
    );
  }
  return (
    <CollectionsForm
      record={record}
      collections={all.data.map((collection) => ({
        collectionID: collection.collectionID,
        name: collection.name,
      }))}
      initial={current.data.map((collection) => collection.collectionID)}
      onClose={onClose}
    />
  );
}

interface CollectionsFormProps extends CollectionsModalProps {
  collections: { collectionID: number; name: string }[];
  initial: number[];
}

function CollectionsForm({ record, collections, initial, onClose }: CollectionsFormProps) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set(initial));
  const [newName, setNewName] = useState('');
  const save = useSaveCollectionsMutation(record);
  const toggle = (collectionID: number, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(collectionID);
    else next.delete(collectionID);
    setChecked(next);
  };
  const nameErrors =
    save.error instanceof ApiError
      ? (save.error.errors['name'] ?? []).map((item) => item.message)
      : [];
  return (
    <FormModal
      title={t('Add to Collection')}
      isBusy={save.isPending}
      error={save.error !== null && nameErrors.length === 0 ? save.error.message : null}
      onSubmit={() => save.mutate({ collectionIDs: [...checked], newName }, { onSuccess: onClose })}
      onClose={onClose}
    >
      {collections.length === 0 ? <p>{t('There are no collections yet.')}</p> : null}
      {collections.map((collection) => (
        <CheckboxField
          key={collection.collectionID}
          label={collection.name}
          checked={checked.has(collection.collectionID)}
          onChange={(event) => toggle(collection.collectionID, event.target.checked)}
        />
      ))}
      <TextField
        label={t('New collection')}
        name="name"
        maxLength={255}
        value={newName}
        onChange={(event) => setNewName(event.target.value)}
        errors={nameErrors}
      />
    </FormModal>
  );
}
