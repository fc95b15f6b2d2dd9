/** Error codes of the product, the HTTP status each maps to, and the user's message where fixed. */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const MESSAGES = {
  noVideoField: 'Send the video as multipart/form-data in the field "video"',
  notAVideo: "This file is not a video we can process",
  emptyFile: "The file is empty",
  tooLarge: (mb: number) => `The file is larger than the ${mb} MB limit`,
  videoNotFound: "Video not found: upload it again",
  resultNotFound: "Processed video not found",
  resultExpired: (lifetime: string) =>
    `This processed video has expired: results are deleted ${lifetime} after they are ready. Process the video again.`,
  alreadyProcessed: "This upload has already been processed: upload the video again",
  processingFailed: "Processing failed",
  detectionFailed: "Finding the watermark automatically failed: draw a rectangle over it instead.",
  rangeNotSatisfiable: "Requested range not satisfiable",
  internal: "Something went wrong on our side. Please try again.",
  queueUnavailable: "The processing queue is unavailable right now. Please try again in a minute.",
} as const;
