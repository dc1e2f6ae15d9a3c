/** Reads Server-Sent Events from a fetch Response, for tests: waits for the first event that matches. */
export function readSseEvents(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string; id?: string }[] = [];
  let buffer = '';

  function parse() {
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = { event: 'message', data: '' } as { event: string; data: string; id?: string };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event.event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        else if (line.startsWith('id:')) event.id = line.slice(3).trim();
      }
      event.data = data.join('\n');
      events.push(event);
      end = buffer.indexOf('\n\n');
    }
  }

  return {
    events,
    async next(match: (e: { event: string; data: string }) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.findIndex(match);
        if (found !== -1) return events.splice(found, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), left);
          }),
        ]);
        clearTimeout(timer);
        if (chunk === 'timeout') continue;
        if (chunk.done) throw new Error('the stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
    },
    close: () => reader.cancel(),
  };
}
