import { fetchDownloadTicket } from '../../../api/contractActions';

/**
 * Downloads the contract's PDF as it stands: a short-lived ticket's link (contract/
 * getDownloadTicket, audited as a download), followed with the file name the server offers.
 */
export async function downloadContract(id: string): Promise<void> {
  const ticket = await fetchDownloadTicket(id);
  const anchor = document.createElement('a');
  anchor.href = ticket.link;
  anchor.download = ticket.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
