/**
 * A company's certificates (packages/platform/src/certificates.ts): its digital certificates
 * (systemDigitalCertificate page, apply, import, updateStatus, update, download), its hardware
 * key applications, its communication certificates (systemAccess/applyCert and the list,
 * revocation, binding and download beside it) and the access parties one can be bound to. Every
 * answer is the session's company's, so every key carries the console; a change reads the
 * area's lists again.
 */
import {
  PATHS,
  type AccessPartyOption,
  type CertDownloadFormat,
  type CertRevokeBody,
  type CommunicationCertApplyBody,
  type CommunicationCertBindBody,
  type CommunicationCertIssued,
  type CommunicationCertificate,
  type DigitalCertApplyBody,
  type DigitalCertImportBody,
  type DigitalCertStatusBody,
  type DigitalCertUpdateBody,
  type DigitalCertificate,
  type DigitalCertificatePage,
  type HardwareKeyApplication,
  type HardwareKeyApplyBody,
  type Page,
} from '@esign/platform';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { fetchFile } from './counterparts';

/** A list's page as the screens ask for it. */
export interface CertificatePageParams {
  current: number;
  size: number;
}

export const fetchDigitalCertificates = (params: CertificatePageParams) =>
  call<DigitalCertificatePage>({ url: PATHS.digitalCertPage, params });

/** Quiet: the dialog shows a refusal beside its form. */
export const applyDigitalCertificate = (body: DigitalCertApplyBody) =>
  call<DigitalCertificate>({
    method: 'POST',
    url: PATHS.digitalCertApply,
    data: body,
    quiet: true,
  });

/** Quiet: the dialog shows a refusal (a wrong password, an expired certificate …) beside it. */
export const importDigitalCertificate = (body: DigitalCertImportBody) =>
  call<DigitalCertificate>({
    method: 'POST',
    url: PATHS.digitalCertImport,
    data: body,
    quiet: true,
  });

export const setDigitalCertificateStatus = (body: DigitalCertStatusBody) =>
  call<DigitalCertificate>({ method: 'POST', url: PATHS.digitalCertUpdateStatus, data: body });

/** Quiet: the rename dialog shows a refusal. */
export const renameDigitalCertificate = (body: DigitalCertUpdateBody) =>
  call<DigitalCertificate>({
    method: 'POST',
    url: PATHS.digitalCertUpdate,
    data: body,
    quiet: true,
  });

/** The certificate as a file (never its key), under the name the server gives it. */
export const fetchDigitalCertificateFile = (id: string, format: CertDownloadFormat) =>
  fetchFile(
    { url: PATHS.digitalCertDownload, params: { id, format } },
    `certificate.${format === 'der' ? 'cer' : 'pem'}`,
  );

export const fetchHardwareKeyApplications = (params: CertificatePageParams) =>
  call<Page<HardwareKeyApplication>>({ url: PATHS.hardwareKeyPage, params });

/** Quiet: the dialog shows a refusal beside its form. */
export const applyForHardwareKey = (body: HardwareKeyApplyBody) =>
  call<HardwareKeyApplication>({
    method: 'POST',
    url: PATHS.hardwareKeyApply,
    data: body,
    quiet: true,
  });

export const fetchCommunicationCertificates = (params: CertificatePageParams) =>
  call<Page<CommunicationCertificate>>({ url: PATHS.communicationCertPage, params });

/** Quiet: the dialog shows a refusal beside its form. The answer holds the key, once. */
export const applyCommunicationCertificate = (body: CommunicationCertApplyBody) =>
  call<CommunicationCertIssued>({
    method: 'POST',
    url: PATHS.communicationCertApply,
    data: body,
    quiet: true,
  });

export const revokeCommunicationCertificate = (body: CertRevokeBody) =>
  call<CommunicationCertificate>({
    method: 'POST',
    url: PATHS.communicationCertRevoke,
    data: body,
  });

/** Quiet: the binding dialog shows a refusal. */
export const bindCommunicationCertificate = (body: CommunicationCertBindBody) =>
  call<CommunicationCertificate>({
    method: 'POST',
    url: PATHS.communicationCertBind,
    data: body,
    quiet: true,
  });

export const fetchCommunicationCertificateFile = (id: string, format: CertDownloadFormat) =>
  fetchFile(
    { url: PATHS.communicationCertDownload, params: { id, format } },
    `communication.${format === 'der' ? 'cer' : 'pem'}`,
  );

/** The company's access parties, to bind a certificate to (systemAccess/getAccessList). */
export const fetchAccessPartyOptions = () => call<AccessPartyOption[]>({ url: PATHS.accessList });

/** The keys of this area's server state, each under the console it was read in. */
export const certificateKeys = {
  all: (companyId: number) => ['certificates', companyId] as const,
  digital: (companyId: number, params: CertificatePageParams) =>
    ['certificates', companyId, 'digital', params] as const,
  hardwareKeys: (companyId: number, params: CertificatePageParams) =>
    ['certificates', companyId, 'hardware-keys', params] as const,
  communication: (companyId: number, params: CertificatePageParams) =>
    ['certificates', companyId, 'communication', params] as const,
  accessParties: (companyId: number) => ['certificates', companyId, 'access-parties'] as const,
};

export const certificateQueries = {
  digital: (companyId: number, params: CertificatePageParams) =>
    queryOptions({
      queryKey: certificateKeys.digital(companyId, params),
      queryFn: () => fetchDigitalCertificates(params),
      placeholderData: keepPreviousData,
    }),
  hardwareKeys: (companyId: number, params: CertificatePageParams) =>
    queryOptions({
      queryKey: certificateKeys.hardwareKeys(companyId, params),
      queryFn: () => fetchHardwareKeyApplications(params),
      placeholderData: keepPreviousData,
    }),
  communication: (companyId: number, params: CertificatePageParams) =>
    queryOptions({
      queryKey: certificateKeys.communication(companyId, params),
      queryFn: () => fetchCommunicationCertificates(params),
      placeholderData: keepPreviousData,
    }),
  accessParties: (companyId: number) =>
    queryOptions({
      queryKey: certificateKeys.accessParties(companyId),
      queryFn: fetchAccessPartyOptions,
    }),
};

/** A change to the company's certificates: the area's lists are read again. */
export function useCertificateMutation<Variables, Result>(
  companyId: number,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: certificateKeys.all(companyId) }),
  });
}
