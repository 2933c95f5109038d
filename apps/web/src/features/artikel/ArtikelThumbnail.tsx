import { Box, Image, Loader, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { thumbnailQuery } from "./artikel.resource.ts";

/** One thumbnail (GET artikelimage/{id}/thumbnail/1024/800, base64 → data URL). */
export function Thumbnail({ assetId, alt, h = 120 }: { assetId: number; alt: string; h?: number }) {
  const bild = useQuery(thumbnailQuery(assetId));
  if (bild.isPending)
    return (
      <Box h={h} display="flex" style={{ alignItems: "center", justifyContent: "center" }}>
        <Loader size="xs" />
      </Box>
    );
  if (bild.isError || !bild.data)
    return (
      <Box h={h} display="flex" style={{ alignItems: "center", justifyContent: "center" }}>
        <Text size="xs" c="dimmed">
          {alt}
        </Text>
      </Box>
    );
  return <Image src={bild.data} alt={alt} h={h} fit="contain" />;
}
