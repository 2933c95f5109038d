import type { TAccount } from "@kontor/domain/auth/auth.schema";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountKeys, accountQuery } from "../account/account.queries.ts";
import { markNewsRead, myNewsQuery, newsKeys } from "./news.api.ts";
import { checkNews, today } from "./news.check.ts";

/**
 * News in the shell (SPEC §4 News): the list for the bell, the automatic check on sign-in and on reaching home
 * (at most once per day, news.check.ts), the dialog's open state, and saving "do not show anymore".
 * `enabled`: the tenant has the module benachrichtigungen (otherwise no call, no bell).
 */
export function useNews({
  mandantId,
  enabled,
  atHome,
}: {
  mandantId: number | null;
  enabled: boolean;
  atHome: boolean;
}) {
  const { t } = useTranslation("shell");
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const active = enabled && mandantId !== null;
  const news = useQuery({ ...myNewsQuery(mandantId ?? 0), enabled: active });
  const checkedOnce = useRef(false);

  // On sign-in (the shell appears) and whenever the user reaches home — the check itself limits it to once a day.
  useEffect(() => {
    if (!active || mandantId === null) return;
    if (checkedOnce.current && !atHome) return;
    checkedOnce.current = true;
    let cancelled = false;
    checkNews({
      storage: window.localStorage,
      today: today(),
      loadAccount: () => queryClient.fetchQuery(accountQuery),
      loadNews: () => queryClient.fetchQuery(myNewsQuery(mandantId)),
    }).then(
      (show) => {
        if (show && !cancelled) setOpened(true);
      },
      (error: unknown) => console.warn("news check failed", error),
    );
    return () => {
      cancelled = true;
    };
  }, [active, atHome, mandantId, queryClient]);

  const markRead = useMutation({
    mutationFn: markNewsRead,
    onSuccess: () => {
      queryClient.setQueryData<TAccount>(accountKeys.current, (account) =>
        account ? { ...account, newsread: true } : account,
      );
      if (mandantId !== null) void queryClient.invalidateQueries({ queryKey: newsKeys.mine(mandantId) });
    },
    onError: () => notifications.show({ color: "red", message: t("news.saveFailed") }),
  });

  const items = news.data?.news ?? [];
  return {
    items,
    /** News exist: the bell shows. */
    available: active && items.length > 0,
    /** The user has not ticked "do not show anymore": the bell carries a dot. */
    unread: news.data ? !news.data.newsread : false,
    opened: opened && items.length > 0,
    saving: markRead.isPending,
    open: () => setOpened(true),
    close: (dontShowAgain: boolean) => {
      setOpened(false);
      if (dontShowAgain) markRead.mutate();
    },
  };
}
