/**
 * A sentence with her address in it (issue 50: each language puts it where its grammar wants), the address in bold:
 * the same HTML the English sentence written around `<strong>` gave.
 */
export function WithAddress({
  sentence,
  address,
  className,
}: {
  sentence: string;
  address: string;
  className?: string;
}) {
  const at = sentence.indexOf(address);
  if (at === -1) return <>{sentence}</>;
  return (
    <>
      {sentence.slice(0, at)}
      <strong className={className}>{address}</strong>
      {sentence.slice(at + address.length)}
    </>
  );
}
