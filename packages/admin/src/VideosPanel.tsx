import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ADMIN_KEY, type AdminClient, errorText, PAGE_SIZE } from "./client";
import { Badge, cell, DataTable, ErrorNotice, formatDate, Loading, Pager } from "./ui";

const HEADERS = ["User", "File", "Method", "Areas", "Processing time", "Status", "Created"];

export function VideosPanel({ client }: { client: AdminClient }) {
  const [offset, setOffset] = useState(0);
  const videos = useQuery({
    queryKey: [ADMIN_KEY, "videos", offset],
    queryFn: () => client.admin.videos.query({ limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });

  if (videos.isPending) return <Loading label="Loading videos…" />;
  if (videos.isError)
    return <ErrorNotice message={errorText(videos.error, "Failed to load data")} />;

  return (
    <div>
      <DataTable
        caption="Processed videos"
        headers={HEADERS}
        empty={videos.data.videos.length === 0}
      >
        {videos.data.videos.map((video) => (
          <tr key={video._id}>
            <td className={`${cell} font-medium text-slate-900`}>
              {video.user?.name ?? <span className="text-slate-500">Anonymous</span>}
            </td>
            <td className={`${cell} max-w-64 truncate`} title={video.originalFilename}>
              {video.originalFilename}
            </td>
            <td className={`${cell} capitalize`}>{video.method ?? "—"}</td>
            <td className={`${cell} tabular-nums`}>{video.watermarkCount}</td>
            <td className={`${cell} tabular-nums`}>
              {video.processingTime == null ? "—" : `${video.processingTime.toFixed(1)} s`}
            </td>
            <td className={cell}>
              <span title={video.error ?? undefined}>
                <Badge status={video.status} />
              </span>
            </td>
            <td className={cell}>{formatDate(video.createdAt)}</td>
          </tr>
        ))}
      </DataTable>
      <Pager
        label="Videos"
        offset={offset}
        limit={PAGE_SIZE}
        total={videos.data.total}
        busy={videos.isFetching}
        onChange={setOffset}
      />
    </div>
  );
}
