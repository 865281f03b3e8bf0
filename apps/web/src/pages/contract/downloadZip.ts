import { fetchContractsZipTicket } from '../../api/accountClosing';

/**
 * Downloads several contracts as one ZIP: a single-use, short-lived link of contract/getZipTicket
 * (every contract checked and audited as a download), followed under the file name the server
 * offers. The server streams the archive; the browser saves it as it comes.
 */
export async function downloadContractsZip(ids: readonly string[]): Promise<void> {
  const ticket = await fetchContractsZipTicket([...ids]);
  const anchor = document.createElement('a');
  anchor.href = ticket.link;
  anchor.download = ticket.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
