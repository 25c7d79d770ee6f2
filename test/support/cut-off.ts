// An answer whose connection drops half way through its body: the status line and headers arrive, then half
// the body, then the stream fails as fetch's does when the socket is destroyed (issue 31).
export async function cutOff(answer: Response): Promise<Response> {
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const half = bytes.slice(0, Math.floor(bytes.length / 2));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(half);
      controller.error(new TypeError('terminated'));
    },
  });
  return new Response(body, { status: answer.status, headers: answer.headers });
}
