//! Time for the benches: this thread's CPU time where the system tells it (the POSIX clock
//! `CLOCK_THREAD_CPUTIME_ID`, to the microsecond or better), else wall-clock time. On a machine
//! shared with other work a wall clock stretches with every time slice lost to another process,
//! so the same bench read 30 % or 250 % of itself minutes apart; the CPU time of the thread that
//! did the work does not (what is left is the cache and memory bandwidth the others take).
//! Linux's `/proc/thread-self/schedstat` would also tell it, but only to the scheduler tick.

use std::time::{Duration, Instant};

pub struct CpuClock {
    wall: Instant,
    cpu: Option<Duration>,
}

impl CpuClock {
    pub fn start() -> CpuClock {
        CpuClock {
            wall: Instant::now(),
            cpu: CpuClock::on_cpu(),
        }
    }

    /// Whether the times are CPU times (else wall-clock).
    pub fn measures_cpu() -> bool {
        CpuClock::on_cpu().is_some()
    }

    #[cfg(unix)]
    fn on_cpu() -> Option<Duration> {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Some(Duration::new(
            t.tv_sec.try_into().ok()?,
            t.tv_nsec.try_into().ok()?,
        ))
    }

    #[cfg(not(unix))]
    fn on_cpu() -> Option<Duration> {
        None
    }

    /// Seconds since [`CpuClock::start`].
    pub fn seconds(&self) -> f64 {
        match (self.cpu, CpuClock::on_cpu()) {
            (Some(start), Some(now)) => (now - start).as_secs_f64(),
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}
