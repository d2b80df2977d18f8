import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MenuLanguages,
  menuLanguagesSchema,
  type OfferableLanguage,
  type TranslationKind,
  translationsImportSchema,
} from '../../../shared/menu-languages';
import { api, apiGetBlob } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** One of the restaurant's texts in one language, as the editor sends it. */
export interface TranslationEdit {
  kind: TranslationKind;
  ref: string;
  text: string;
  draft: boolean;
}

const languagesKey = queryKeys.menus.languages;

export const useMenuLanguages = (menuId: string) =>
  useQuery({
    queryKey: languagesKey(menuId),
    queryFn: () => api.get(`/wine-menus/${menuId}/languages`, menuLanguagesSchema),
    enabled: Boolean(menuId),
  });

/** Every change answers the menu's languages as they now stand: the screen shows that answer at once. */
function useLanguagesMutation<V>(menuId: string, send: (values: V) => Promise<MenuLanguages>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (languages) => queryClient.setQueryData(languagesKey(menuId), languages),
  });
}

export const useSetOfferedLanguages = (menuId: string) =>
  useLanguagesMutation(menuId, (offered: OfferableLanguage[]) =>
    api.put(`/wine-menus/${menuId}/languages`, { offered }, menuLanguagesSchema),
  );

export const useSaveTranslations = (menuId: string, lang: OfferableLanguage) =>
  useLanguagesMutation(menuId, (texts: TranslationEdit[]) =>
    api.put(`/wine-menus/${menuId}/translations/${lang}`, { texts }, menuLanguagesSchema),
  );

export const useDraftMissingTranslations = (menuId: string, lang: OfferableLanguage) =>
  useLanguagesMutation(menuId, () => api.post(`/wine-menus/${menuId}/translations/${lang}/drafts`, {}, menuLanguagesSchema));

/** The menu's texts as a spreadsheet for a translator (.xlsx). */
export const translationsSheet = (menuId: string) => apiGetBlob(`/wine-menus/${menuId}/translations.xlsx`);

/** A translator's spreadsheet sent back: the languages as they now stand, and how many texts it changed. */
export function useImportTranslations(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post(`/wine-menus/${menuId}/translations/import`, body, translationsImportSchema);
    },
    onSuccess: ({ imported: _imported, ...languages }) => queryClient.setQueryData(languagesKey(menuId), languages),
  });
}
