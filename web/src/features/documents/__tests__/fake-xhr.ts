import { vi } from 'vitest';

type Listener = (event: Partial<ProgressEvent>) => void;

class Listeners {
  private readonly byType = new Map<string, Listener[]>();

  addEventListener(type: string, listener: Listener) {
    this.byType.set(type, [...(this.byType.get(type) ?? []), listener]);
  }

  fire(type: string, event: Partial<ProgressEvent> = {}) {
    for (const listener of this.byType.get(type) ?? []) listener(event);
  }
}

/** One upload the page posted, held until the test answers it. */
export class FakeUpload extends Listeners {
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  readonly upload = new Listeners();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  /** The storage reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.fire('progress', { lengthComputable: true, loaded, total });
  }

  /** The storage answers. */
  respond(status: number, responseText = '') {
    this.status = status;
    this.responseText = responseText;
    this.fire('load');
  }
}

/** Replaces XMLHttpRequest (the upload's transport: fetch reports no upload progress); answers the posts made. */
export function stubUploads(): FakeUpload[] {
  const posted: FakeUpload[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeUpload {
      send(body: FormData) {
        this.body = body;
        posted.push(this);
      }
    },
  );
  return posted;
}
