// The comment editor stand-in of the conversation tests: a textarea holding one rich2 paragraph.
export function FakeCommentEditor({
  value,
  onChange,
  label,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string;
}) {
  return (
    <label>
      {label}
      <textarea
        value={value === '' ? '' : ((JSON.parse(value) as { children: { text: string }[] }[])[0]?.children[0]?.text ?? '')}
        onChange={(event) => onChange(JSON.stringify([{ type: 'p', children: [{ text: event.target.value }] }]))}
      />
      {error ? <span role="alert">{error}</span> : null}
    </label>
  );
}
